import { calendarDate } from "~/domain/calendar-date";
import { fileSize } from "~/domain/data-export";
import { useTranslation } from "~/i18n-react";
import { Interstitial } from "./interstitial";

/** What the report page knows of the report it opens. */
export type ReadyReport = {
  reportUrl: string;
  label: string;
  dataFile: { bytes: number | null } | null;
  version?: { number: number; issuedOn: string; newest: boolean } | null;
};

/**
 * Without JavaScript the report is one click away, in a new tab as SPEC.md §4 asks (a refresh could
 * only replace the portal's tab); My Results stays in this one. A data file is saved, not opened:
 * its link names the format and size and opens no tab.
 */
export function ReportReady({ report }: { report: ReadyReport }) {
  const { t, i18n } = useTranslation("dashboard");
  if (report.dataFile) {
    const { bytes } = report.dataFile;
    return (
      <Interstitial
        id="report-ready"
        title={t("results.fileReadyNamed", { label: report.label })}
        continueTo={report.reportUrl}
        continueLabel={
          bytes === null ? t("results.downloadFileUnsized") : t("results.downloadFile", { size: fileSize(bytes, i18n.language) })
        }
      />
    );
  }
  return (
    <Interstitial
      id="report-ready"
      title={t("results.readyNamed", { label: report.label })}
      continueTo={report.reportUrl}
      continueLabel={t("results.openNamed", { label: report.label })}
      opensInNewTab
    >
      {report.version ? (
        <p>
          {t("reportVersions.version", { version: report.version.number, date: calendarDate(report.version.issuedOn, i18n.language) })}
          {report.version.newest ? null : ` ${t("reportVersions.newerExists")}`}
        </p>
      ) : null}
    </Interstitial>
  );
}
