import { useTranslation } from "~/i18n-react";
import { Interstitial } from "./interstitial";

/**
 * Without JavaScript the report is one click away, in a new tab as SPEC.md §4 asks (a refresh could
 * only replace the portal's tab); My Results stays in this one.
 */
export function ReportReady({ reportUrl }: { reportUrl: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <Interstitial id="report-ready" title={t("results.ready")} continueTo={reportUrl} continueLabel={t("results.open")} opensInNewTab />
  );
}
