import { useState } from "react";
import type { ResultApp } from "~/domain/patient-results";
import { useTranslation } from "~/i18n-react";
import * as styles from "./dashboard.css";
import { EnglishOnlyNoticeModal, type PendingNotice } from "./english-only-notice";
import { ResultCard } from "./result-card";

/** SPEC.md §2: the 'Results' card, one result card per app. */
export function ResultsCard({ apps }: { apps: ResultApp[] }) {
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
          <ResultCard key={app.appID} app={app} onNotice={showNotice} />
        ))}
      </ul>
      <EnglishOnlyNoticeModal notice={notice} open={noticeOpen} onClose={() => setNoticeOpen(false)} />
    </section>
  );
}
