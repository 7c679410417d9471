import { type Locale, translate } from "../pages/i18n.ts";
import type { NotifiableStep } from "./preferences.ts";

/**
 * The e-mail for a kit step: the step's name and a link to sign in, nothing about any result (a
 * mailbox is not a safe place for health information). RFC 8058 one-click unsubscribe headers.
 */
export function kitStepMessage(options: { locale: Locale; step: NotifiableStep; portalUrl: string; unsubscribeUrl: string }) {
  const { locale } = options;
  const link = `${options.portalUrl.replace(/\/$/, "")}/`;
  return {
    subject: translate(locale, "kitStep.subject"),
    body: translate(locale, "kitStep.body", {
      step: translate(locale, `kitStep.step${options.step}`),
      link,
      unsubscribe: options.unsubscribeUrl,
    }),
    link,
    headers: {
      "List-Unsubscribe": `<${options.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
