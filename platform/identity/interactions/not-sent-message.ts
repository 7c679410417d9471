import type { MessageKey } from "../pages/i18n.ts";
import type { SendResult } from "../store/verifications.ts";

/** Why no code went out, as a message key and its values: too soon after the last one, or a sending budget is spent. */
export function notSentError(sent: Extract<SendResult, { ok: false }>): { key: MessageKey; vars: Record<string, number> } {
  if (sent.reason === "budget")
    return { key: "send.budgetExhausted", vars: { minutes: Math.max(1, Math.ceil(sent.retryAfterSeconds / 60)) } };
  return { key: "challenge.resendWait", vars: { seconds: sent.retryAfterSeconds } };
}
