import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { reportPdfPath, type ReportContent } from "~/domain/report-content";
import { useTranslation } from "~/i18n-react";
import { visuallyHidden } from "~/styles/global.css";
import { ReportView } from "./report-view";
import * as styles from "./report-view.css";

/** The report under its own title, the PDF beside it, and the way back to My Results; its title takes focus on arrival. */
export function ReportPageView({ report, appId }: { report: ReportContent; appId: string }) {
  const { t, i18n } = useTranslation("dashboard");
  const page = useRef<HTMLDivElement>(null);
  const { key } = useLocation();
  // Arrived from another page of the portal (not loaded afresh): the keyboard and the screen reader
  // start at the report's title, as they do on a page the browser loads.
  useEffect(() => {
    if (key !== "default") page.current?.querySelector<HTMLElement>("h1")?.focus();
  }, [key]);
  return (
    <div ref={page} className={styles.page}>
      <p className={styles.paragraph}>
        <Link to="/" className={styles.link}>
          {t("reportPage.back")}
        </Link>
      </p>
      <ReportView report={report} titleLevel={1}>
        <div lang={i18n.language} className={styles.aside}>
          {report.language !== i18n.language ? <p className={styles.paragraph}>{t("reportPage.otherLanguage")}</p> : null}
          <p className={styles.paragraph}>
            {/* A plain link in both modes: the PDF opens in the browser's own viewer, which saves it too. */}
            <a href={reportPdfPath(appId)} target="_blank" rel="noopener noreferrer" className={styles.link}>
              {t("reportPage.pdf")}
              <span className={visuallyHidden}> {t("products.opensInNewTab")}</span>
            </a>
          </p>
        </div>
      </ReportView>
    </div>
  );
}
