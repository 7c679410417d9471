import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import type { AuthMethod } from "./auth-code";
import type { OtherWay } from "./code-help";

/** One step-up verification (pick a method, get a code, enter it) for every sensitive change and raw data download. */
export type VerificationPurpose = "password-update" | "factors" | "withdrawal" | "download";

/** A failure the identity provider reported, worded by the page in its own catalog (profile namespace). */
export type VerificationNotice = { titleKey: string; bodyKey?: string; bodyText?: string; values?: Record<string, number> };

/** What a refused verification step means for the page: the code field's error, a notice, or a sign-in again. */
export type VerificationFailure =
  | { kind: "session-expired" }
  | { kind: "field"; field: "authCode"; messageKey: string }
  | { kind: "notice"; notice: VerificationNotice; status: number };

/** SPEC.md §9: the resend link stays disabled this long after the code step shows and after each resend. */
export const RESEND_LOCK_MS = 30_000;

/** Seconds left before resend unlocks (0 when it is available). */
export function resendSecondsLeft(state: { resendAvailableAt?: number }, now: number): number {
  return Math.max(0, Math.ceil(((state.resendAvailableAt ?? 0) - now) / 1000));
}

export function lockResend<T extends object>(state: T, now: number, lockMs: number = RESEND_LOCK_MS): T & { resendAvailableAt: number } {
  return { ...state, resendAvailableAt: now + lockMs };
}

/** A refused code (wrong, or an app code used before) is the field's error when typing can fix it; null for anything else. */
export function codeFieldError(errorCode: string | undefined, method: AuthMethod): string | null {
  if (errorCode === "codeUsed") return "code.appErrors.used";
  if (errorCode !== "codeInvalid") return null;
  // The app and a recovery code send nothing, so there is nothing to resend.
  if (method === "recovery") return "code.recoveryErrors.invalid";
  return method === "totp" ? "code.appErrors.invalid" : "code.errors.invalid";
}

/** The buttons (named `intent`) of every verification; a flow adds its own before or after (the password update's 'start'). */
export const VERIFICATION_INTENTS = ["send-code", "resend", "verify", "verify-passkey", "other-way", "cancel"] as const;
export type VerificationIntent = (typeof VERIFICATION_INTENTS)[number];
/** The withdrawal's and the download's intents: a passkey does not confirm them. */
export const CodeOnlyIntentSchema = z.enum(VERIFICATION_INTENTS).exclude(["verify-passkey"]);

/** What a code step's POST answered when it stayed on the step (shown once, on the page it redirected to). */
export type VerificationReply = {
  intent?: string;
  notice?: VerificationNotice;
  noticeValues?: Record<string, string | number>;
  resent?: boolean;
};

export const CodeDeliverySchema = z
  .object({
    channel: z.enum(["sms", "voice"]),
    state: z.enum(["pending", "sent", "delivered", "undelivered", "failed"]),
    refusal: z.enum(["invalid-number", "not-sms-capable", "opted-out", "other"]).nullable().catch(null),
  })
  .nullable()
  .optional()
  .catch(null);

/**
 * A text or call that did not reach the participant, as the text provider told the identity provider:
 * refused at once (`failed`, with why where the participant can act on it) or lost later (`undelivered`).
 */
export type CodeDeliveryProblem = Omit<NonNullable<z.infer<typeof CodeDeliverySchema>>, "state"> & { state: "failed" | "undelivered" };

/** The problem worth showing on a code step by `method`: a text or call of that method that did not arrive; null otherwise. */
export function deliveryProblemOf(delivery: z.infer<typeof CodeDeliverySchema>, method: AuthMethod): CodeDeliveryProblem | null {
  if (delivery?.channel !== method || (delivery.state !== "failed" && delivery.state !== "undelivered")) return null;
  return { ...delivery, state: delivery.state };
}

/** The ways a code step offers when its text or call did not arrive: never a call to a number that does not work at all. */
export function waysAfterProblem(
  problem: CodeDeliveryProblem,
  otherWays: readonly OtherWay[],
  switchable: readonly OtherWay[],
): OtherWay[] {
  return otherWays.filter(
    (way) => switchable.includes(way) && !(problem.refusal === "invalid-number" && (way === "sms" || way === "voice")),
  );
}

/** The intent, on a code step, of 'Call me with a code instead', 'Use my authenticator app', 'Use a passkey' and 'Use a recovery code'. */
export const OTHER_WAY_INTENT = "other-way";
export const OtherWaySchema = z.enum(["sms", "voice", "totp", "passkey", "recovery"]);

/** What a code step shows, whatever it verifies for: how the code came and to which number, the resend lock, the other ways. */
export type CodeStepView = {
  method: AuthMethod;
  phoneNumber: string;
  /** Seconds until 'Resend code' unlocks (the app's code is never sent, so it has nothing to resend). */
  resendSecondsLeft: number;
  /** The participant's other ways to confirm it is them, for 'Didn't get a code?'. */
  otherWays: OtherWay[];
  /** The text or call that did not arrive, as the text provider reported it; absent while all is well. */
  delivery?: CodeDeliveryProblem | null;
};

/** A step's answer with conform's result for its fields. */
export type StepAnswer = VerificationReply & { result?: SubmissionResult<string[]> };

/** A notice for the account API's error code, under the flow's own title. */
export function verificationNotice(titleKey: string, errorCode: string | undefined, values?: Record<string, number>): VerificationNotice {
  return errorCode ? { titleKey, bodyKey: `accountErrors.${errorCode}`, values } : { titleKey, bodyKey: "errors.generic" };
}
