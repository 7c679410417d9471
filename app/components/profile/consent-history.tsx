import { calendarDate } from "~/domain/calendar-date";
import type { ConsentEntry } from "~/domain/consent-history";
import { consentState, type ConsentState } from "~/domain/consent-state";
import { appLabel } from "~/domain/dashboard-view";
import type { Withdrawal } from "~/domain/withdrawal-reply";
import { useTranslation } from "~/i18n/react";
import { NewTabLink } from "./new-tab-link";
import * as styles from "./profile.css";

/** My Studies' consent history: each consent version, how it stands after a withdrawal request, and its document. */
export function ConsentHistory({ entries, withdrawal }: { entries: ConsentEntry[]; withdrawal: Withdrawal | null }) {
  const { t, i18n } = useTranslation("profile");
  const day = (isoDate: string) => calendarDate(isoDate, i18n.language);
  const stateText = (state: ConsentState) =>
    state.kind === "in-effect"
      ? t("studies.history.inEffect")
      : t(state.kind === "withdrawn" ? "studies.history.withdrawnOn" : "studies.history.withdrawalRequested", { date: day(state.on) });
  return (
    <section aria-labelledby="consent-history" className={styles.form}>
      <h2 id="consent-history" className={styles.rowLabel}>
        {t("studies.history.heading")}
      </h2>
      {entries.length === 0 ? (
        <p>{t("studies.history.none")}</p>
      ) : (
        <>
          <p>{t("studies.history.intro")}</p>
          <ul className={styles.consentList}>
            {entries.map((entry) => (
              <li key={`${entry.consent}-${entry.version}`} className={styles.consentItem}>
                <h3 className={styles.rowLabel}>
                  {entry.nameKey ? t(entry.nameKey) : entry.study ? appLabel(entry.study, i18n.language) : entry.consent}
                </h3>
                <dl className={styles.consentFacts}>
                  <dt>{t("studies.history.version")}</dt>
                  <dd>{entry.version}</dd>
                  <dt>{t("studies.history.givenOn")}</dt>
                  <dd>
                    <time dateTime={entry.givenOn}>{day(entry.givenOn)}</time>
                  </dd>
                  <dt>{t("studies.history.status")}</dt>
                  <dd>{stateText(consentState(entry, withdrawal))}</dd>
                </dl>
                {entry.documentUrl ? (
                  <p>
                    <NewTabLink href={entry.documentUrl}>{t("studies.history.readDocument", { version: entry.version })}</NewTabLink>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
