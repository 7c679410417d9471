import { calendarDate } from "~/domain/calendar-date";
import { changeIn, type ReportVersion } from "~/domain/report-versions";
import { useTranslation } from "~/i18n/react";
import * as styles from "./dashboard.css";
import { ReadReportLink } from "./download-report-form";

/** The version a card's report opens: its number and date, 'Updated' when the participant has not opened it, and what changed. */
export function CurrentVersion({ version, updated }: { version: ReportVersion; updated: boolean }) {
  const { t, i18n } = useTranslation("dashboard");
  const change = changeIn(version, i18n.language);
  return (
    <>
      <p className={styles.versionLine}>
        {t("reportVersions.version", { version: version.version, date: calendarDate(version.issuedOn, i18n.language) })}
        {updated ? (
          <span className={styles.updatedBadge} title={t("reportVersions.updatedNamed")}>
            {t("reportVersions.updated")}
          </span>
        ) : null}
      </p>
      {change ? <p className={styles.smallNote}>{t("reportVersions.changed", { change })}</p> : null}
    </>
  );
}

/** The earlier versions of a reissued report, each with its date, what changed and the card's link naming the version. */
export function EarlierVersions({ appId, label, versions }: { appId: string; label: string; versions: readonly ReportVersion[] }) {
  const { t, i18n } = useTranslation("dashboard");
  if (versions.length === 0) return null;
  return (
    <details className={styles.earlierVersions}>
      <summary>{t("reportVersions.earlier")}</summary>
      <ul className={styles.earlierList}>
        {versions.map((version) => (
          <li key={version.version} className={styles.earlierItem}>
            <p className={styles.versionLine}>
              {t("reportVersions.version", { version: version.version, date: calendarDate(version.issuedOn, i18n.language) })}
            </p>
            <p className={styles.smallNote}>
              {version.version === 1
                ? t("reportVersions.firstVersion")
                : t("reportVersions.changed", { change: changeIn(version, i18n.language) ?? "" })}
            </p>
            <ReadReportLink
              appId={appId}
              label={label}
              version={version.version}
              linkLabel={t("reportVersions.openVersion", { version: version.version })}
              linkName={t("reportVersions.openVersionNamed", { version: version.version, label })}
            />
          </li>
        ))}
      </ul>
    </details>
  );
}
