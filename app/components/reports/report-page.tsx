import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { page as sharesPage } from "~/components/shares/shares.css";
import { calendarDate } from "~/domain/calendar-date";
import { reportPdfPath, type ReportContent, type ShownVersion } from "~/domain/report-content";
import { useTranslation } from "~/i18n/react";
import { visuallyHidden } from "~/styles/global.css";
import { ReportView } from "./report-view";
import * as styles from "./report-view.css";

type Props = {
  report: ReportContent;
  appId: string;
  /** A reissued report: the version shown (its PDF is the same version); none for a report never reissued. */
  version?: ShownVersion | null;
};

/** The report, its PDF and the way back; a reissued report says which version it is and whether a newer one exists. */
export function ReportPageView({ report, appId, version = null }: Props) {
  const { t, i18n } = useTranslation("dashboard");
  const page = useRef<HTMLDivElement>(null);
  const { key } = useLocation();
  // Arrived from another page of the portal: start at the report's title, as on a page the browser loads.
  useEffect(() => {
    if (key !== "default") page.current?.querySelector<HTMLElement>("h1")?.focus();
  }, [key]);
  return (
    <div ref={page} className={sharesPage}>
      <p className={styles.paragraph}>
        <Link to="/" className={styles.link}>
          {t("reportPage.back")}
        </Link>
      </p>
      <ReportView report={report} titleLevel={1}>
        <div lang={i18n.language} className={styles.aside}>
          {version ? (
            <p className={styles.paragraph}>
              {t("reportVersions.version", { version: version.version, date: calendarDate(version.issuedOn, i18n.language) })}
              {version.newest ? null : <strong> {t("reportVersions.newerExists")}</strong>}
            </p>
          ) : null}
          {report.language !== i18n.language ? <p className={styles.paragraph}>{t("reportPage.otherLanguage")}</p> : null}
          <p className={styles.paragraph}>
            {/* A plain link in both modes: the PDF opens in the browser's own viewer, which saves it too. */}
            <a href={reportPdfPath(appId, version?.version)} target="_blank" rel="noopener noreferrer" className={styles.link}>
              {t("reportPage.pdf")}
              <span className={visuallyHidden}> {t("products.opensInNewTab")}</span>
            </a>
          </p>
        </div>
      </ReportView>
    </div>
  );
}
