import { type Locale, translate } from "../pages/i18n.ts";

/** Health and FH reports: the reissues a participant is e-mailed about. */
const HEALTH_REPORT_APPS: readonly string[] = ["health", "fh-health"];
export const isHealthReport = (appName: string) => HEALTH_REPORT_APPS.includes(appName);

/**
 * The e-mail for a reissued health or FH report: that a report was updated and a link to sign in,
 * nothing about which result or what changed (a mailbox is not a safe place for health information).
 * RFC 8058 one-click unsubscribe headers, as for kit steps.
 */
export function reportReissueMessage(options: { locale: Locale; portalUrl: string; unsubscribeUrl: string }) {
  const { locale } = options;
  const link = `${options.portalUrl.replace(/\/$/, "")}/`;
  return {
    subject: translate(locale, "reportReissue.subject"),
    body: translate(locale, "reportReissue.body", { link, unsubscribe: options.unsubscribeUrl }),
    link,
    headers: {
      "List-Unsubscribe": `<${options.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
