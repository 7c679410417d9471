import { useState } from "react";
import type { ResultApp } from "~/domain/patient-results";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";
import { EnglishOnlyNoticeModal, type PendingNotice } from "./english-only-notice";
import { isShareable, ResultCard } from "./result-card";

/** SPEC.md §2's 'Results' card. Sharing needs a full sign-in: a results-link visitor (`canShare` false) is told so instead. */
export function ResultsCard({ apps, canShare = true }: { apps: ResultApp[]; canShare?: boolean }) {
  const { t } = useTranslation("dashboard");
  const [notice, setNotice] = useState<PendingNotice | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);

  function showNotice(next: PendingNotice) {
    setNotice(next);
    setNoticeOpen(true);
  }

  return (
    <section className={styles.card} aria-labelledby="results-title">
      <h2 id="results-title" className={styles.cardTitle}>
        {t("results.title")}
      </h2>
      <ul className={styles.resultList}>
        {apps.map((app) => (
          <ResultCard key={app.appID} app={app} canShare={canShare} onNotice={showNotice} />
        ))}
      </ul>
      {!canShare && apps.some(isShareable) ? <p className={styles.shareNeedsSignIn}>{t("results.shareNeedsSignIn")}</p> : null}
      <EnglishOnlyNoticeModal notice={notice} open={noticeOpen} onClose={() => setNoticeOpen(false)} />
    </section>
  );
}
