import type { Channel } from "../domain/codes.ts";
import type { FlowDelivery } from "../store/outbox.ts";
import { API_MESSAGES, type ApiErrorCode } from "./messages.ts";

type Status = "SUCCESS" | "PENDING" | "FAILURE" | "TERMINAL";

/** What every account API operation answers (step names as Okta IDX uses them). */
export interface Answer {
  status: Status;
  nextStep?: string;
  phoneNumber?: string;
  errorCode?: ApiErrorCode;
  errorMessage?: string;
  errorValues?: Record<string, number>;
  retryAfterSeconds?: number;
  verificationToken?: string;
  factors?: unknown;
  passkeyOptions?: unknown;
  totp?: { secret: string; uri: string };
  recoveryCodes?: string[];
  /** How the flow's last text or call went (`undelivered`: reported lost later); null when none went by phone. */
  delivery?: CodeDelivery | null;
}

/** A code's delivery as the account API reports it: never the number. */
export type CodeDelivery = Omit<FlowDelivery, "to" | "channel"> & { channel: Channel };

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly answer: Answer;

  constructor(httpStatus: number, answer: Answer) {
    super(answer.errorMessage);
    this.httpStatus = httpStatus;
    this.answer = answer;
  }
}

/** A refusal: its stable `errorCode`, its English `errorMessage` with the {placeholders} filled from `values`, and those values. */
export function fail(httpStatus: number, code: ApiErrorCode, extra: Partial<Answer> = {}, values: Record<string, number> = {}): ApiError {
  const errorMessage = API_MESSAGES[code].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
  const errorValues = Object.keys(values).length > 0 ? { errorValues: values } : {};
  return new ApiError(httpStatus, { status: "FAILURE", errorCode: code, errorMessage, ...errorValues, ...extra });
}

/** A code that could not go out: a spent sending budget (in minutes) or the resend lock (in seconds). */
export function notSent({ reason, retryAfterSeconds }: { reason: "budget" | "resend-lock"; retryAfterSeconds: number }): ApiError {
  if (reason === "budget") return fail(429, "sendingBudget", { retryAfterSeconds }, { minutes: Math.ceil(retryAfterSeconds / 60) });
  return fail(429, "resendWait", { retryAfterSeconds }, { seconds: retryAfterSeconds });
}
