import type { Translate } from "../pages/i18n.ts";
import type { SendResult } from "../store/verifications.ts";

/** Why no code went out, in the page's language: too soon after the last one, or a sending budget is spent. */
export function notSentMessage(t: Translate, sent: Extract<SendResult, { ok: false }>): string {
  if (sent.reason === "budget") return t("send.budgetExhausted", { minutes: Math.max(1, Math.ceil(sent.retryAfterSeconds / 60)) });
  return t("challenge.resendWait", { seconds: sent.retryAfterSeconds });
}
