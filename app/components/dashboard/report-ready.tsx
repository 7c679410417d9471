import { useTranslation } from "~/i18n-react";
import { buttonClassName } from "~/components/button";
import * as styles from "./dashboard.css";

/** Without JavaScript the report opens by a refresh from this page; the link is there if it does not. */
export function ReportReady({ reportUrl }: { reportUrl: string }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className={styles.interstitial} aria-labelledby="report-ready-title">
      <meta httpEquiv="refresh" content={`0;url=${reportUrl}`} />
      <h1 id="report-ready-title" className={styles.headline}>
        {t("results.ready")}
      </h1>
      <div className={styles.actions}>
        <a href={reportUrl} className={buttonClassName({ variant: "filled" })}>
          {t("results.open")}
        </a>
        <a href="/" className={buttonClassName({ variant: "outlined" })}>
          {t("englishOnly.back")}
        </a>
      </div>
    </section>
  );
}
