import * as z from "zod";
import { CodeDeliverySchema } from "~/domain/verification";
import { env } from "./env.server";
import { bodyAs, callUpstream, UNANSWERED_STATUS } from "./upstream.server";

/**
 * The identity provider's account API operations: those the password update drives (SPEC.md §7 'Auth
 * helper operations'), and the fresh verification and receipt of a withdrawal.
 */
export type AccountOperation =
  | "recover-password"
  | "update-password"
  | "password-update-status"
  | "send-verification-code"
  | "verification-delivery"
  | "verify-code"
  | "send-notice"
  | "factors"
  | "totp-enrol-start"
  | "totp-enrol-confirm"
  | "totp-remove"
  | "recovery-codes-regenerate"
  | "passkey-register-start"
  | "passkey-register-finish"
  | "passkey-rename"
  | "passkey-remove"
  | "passkey-assert-start"
  | "passkey-assert-finish"
  | "phone-change-start"
  | "phone-change-confirm"
  | "phone-change-cancel";

const AnswerSchema = z.object({
  nextStep: z.string().optional(),
  phoneNumber: z.string().optional(),
  errorCode: z.string().max(100).optional(),
  errorMessage: z.string().optional(),
  errorValues: z.record(z.string(), z.number()).optional(),
  verificationToken: z.string().max(4000).optional(),
  factors: z.unknown().optional(),
  totp: z.unknown().optional(),
  recoveryCodes: z.unknown().optional(),
  passkeyOptions: z.unknown().optional(),
  /** A code sent by text or call: how its delivery went (the text provider's refusal or report). */
  delivery: CodeDeliverySchema,
  /** A requested phone change: when it takes effect. */
  effectiveAt: z.string().max(40).optional(),
});

type AccountAnswer = z.infer<typeof AnswerSchema>;

export type AccountCall = { ok: true; answer: AccountAnswer } | { ok: false; httpStatus: number; answer: AccountAnswer };

const accountApiUrl = (env.ACCOUNT_API_URL ?? `${env.IDP_ISSUER.replace(/\/$/, "")}/api/account`).replace(/\/$/, "");

/**
 * One POST to the account API with the participant's access token (server-side only). Never retried:
 * every operation moves the identity provider's transaction on, or sends a code.
 */
export async function callAccountApi(
  operation: AccountOperation,
  caller: { accessToken: string; requestId?: string },
  body: Record<string, unknown> = {},
): Promise<AccountCall> {
  const reply = await callUpstream({
    upstream: "identity",
    url: `${accountApiUrl}/${operation}`,
    method: "POST",
    headers: { Authorization: `Bearer ${caller.accessToken}` },
    json: body,
    timeoutMs: env.ACCOUNT_API_TIMEOUT_MS,
    requestId: caller.requestId,
  });
  if (!reply.answered) return { ok: false, httpStatus: UNANSWERED_STATUS, answer: { errorMessage: "Network Error" } };
  const answer: AccountAnswer = bodyAs(reply, AnswerSchema) ?? {};
  return reply.ok ? { ok: true, answer } : { ok: false, httpStatus: reply.status, answer };
}
