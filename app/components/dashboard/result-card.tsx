import { Link } from "react-router";
import { site } from "~/config/site";
import { counsellingRequestPath, offersCounselling } from "~/domain/counselling";
import { appLabel } from "~/domain/dashboard-view";
import { familyLetterPath, offersFamilyLetter } from "~/domain/family-letter";
import type { ResultApp } from "~/domain/patient-results";
import { productCardFor } from "~/domain/product-cards";
import { newSharePath } from "~/domain/report-share";
import { resultIconFor } from "~/domain/result-icons";
import { useTranslation } from "~/i18n/react";
import { reportReadyAtStep } from "../../../lib/program/report-readiness.ts";
import * as styles from "./dashboard.css";
import { DataFileForm, ReadReportLink } from "./download-report-form";
import type { PendingNotice } from "./english-only-notice";
import { ProductLinks } from "./product-links";
import { CurrentVersion, EarlierVersions } from "./report-versions";
import { ResultIcon } from "./result-icon";

/** A ready report can be shared with a clinician; the exome data file cannot. */
export const isShareable = (app: ResultApp) => app.reportReady && app.appName !== "exome-download";

/** A ready card's links that need a full sign-in, each named with the report: [offered, path, text key, attributes]. */
const sharedLinks = [
  [isShareable, newSharePath, "results.share", {}],
  [offersFamilyLetter, familyLetterPath, "familyLetter.link", {}],
  [offersCounselling, counsellingRequestPath, "counselling.ask", { "data-counselling-link": true }],
] as const;

/** SPEC.md §2 'Result cards'; one whose results are not ready says when they will be and offers no report. */
export function ResultCard({ app, canShare, onNotice }: { app: ResultApp; canShare: boolean; onNotice: (notice: PendingNotice) => void }) {
  const { t, i18n } = useTranslation("dashboard");
  const [newest, ...earlier] = app.versions;
  const label = appLabel(app, i18n.language);
  const product = productCardFor(app.appName, site.products);
  return (
    <li className={styles.resultCard} data-app-name={app.appName}>
      <div className={styles.resultHeading}>
        <ResultIcon name={resultIconFor(app.type)} />
        <h3 className={styles.resultTitle}>{label}</h3>
      </div>
      {app.reportReady ? (
        <>
          {newest ? <CurrentVersion version={newest} updated={app.updated} /> : null}
          {resultIconFor(app.type) === "download" ? (
            <DataFileForm appId={app.appID} bytes={app.fileBytes} />
          ) : (
            <ReadReportLink appId={app.appID} label={label} version={newest?.version} />
          )}
          <EarlierVersions appId={app.appID} label={label} versions={earlier} />
          {canShare
            ? sharedLinks.map(([offered, to, key, data]) =>
                offered(app) ? (
                  <Link key={key} to={to(app.appID)} className={styles.textLink} aria-label={t(`${key}Named`, { label })} {...data}>
                    {t(key)}
                  </Link>
                ) : null,
              )
            : null}
        </>
      ) : (
        <p className={styles.smallNote}>
          {t(reportReadyAtStep(app) === 4 ? "results.notReady.afterSequencing" : "results.notReady.afterHealth")}
        </p>
      )}
      {product ? <ProductLinks card={product} label={label} needsEnglishOnlyNotice={i18n.language === "es"} onNotice={onNotice} /> : null}
    </li>
  );
}
