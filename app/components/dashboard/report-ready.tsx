import { useTranslation } from "~/i18n-react";
import { Interstitial } from "./interstitial";

/** Without JavaScript the report opens by a refresh from this page; the link is there if it does not. */
export function ReportReady({ reportUrl }: { reportUrl: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <Interstitial id="report-ready" title={t("results.ready")} continueTo={reportUrl} continueLabel={t("results.open")}>
      <meta httpEquiv="refresh" content={`0;url=${reportUrl}`} />
    </Interstitial>
  );
}
