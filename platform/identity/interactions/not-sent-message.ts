import type { MessageKey } from "../pages/i18n.ts";
import type { SendResult } from "../store/verifications.ts";
import type { Refusal } from "./form-error.ts";

/** Why no code went out, as a message key and its values: too soon after the last one, or a sending budget is spent. */
export function notSentError(sent: Extract<SendResult, { ok: false }>): { key: MessageKey; vars: Record<string, number> } {
  if (sent.reason === "budget")
    return { key: "send.budgetExhausted", vars: { minutes: Math.max(1, Math.ceil(sent.retryAfterSeconds / 60)) } };
  return { key: "challenge.resendWait", vars: { seconds: sent.retryAfterSeconds } };
}

/** The code page's answer to 'Resend code': sent, too soon (a notice), or a spent budget (an error, and 'Resend code' not offered again). */
export function resendAnswer(sent: SendResult): Refusal {
  if (sent.ok) return { status: 200, notice: { field: "code", key: "challenge.resent" } };
  if (sent.reason === "budget") return { status: 429, errors: [{ field: "code", ...notSentError(sent) }], flags: ["resendRefused"] };
  return { status: 429, notice: { field: "code", ...notSentError(sent) } };
}
