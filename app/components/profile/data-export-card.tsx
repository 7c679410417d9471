import { Link, useLocation, useNavigation } from "react-router";
import { CheckAgainEvery } from "~/components/check-again";
import { IntentButton } from "~/components/intent-button";
import { useDayAndTime } from "~/components/moment";
import { Notification } from "~/components/notification";
import { DATA_EXPORT_CHECK_AGAIN_SECONDS, fileSize, isBeingPrepared, type DataExportItem } from "~/domain/data-export";
import { downloadPath } from "~/domain/raw-data-download";
import { useTranslation } from "~/i18n/react";
import { LinkLine, ProfileCard } from "./profile-card";
import * as styles from "./profile.css";

export const REQUEST_EXPORT_INTENT = "request-export";

/** Why the last request was not taken, as the action answered it. */
export type DataExportProblem = { kind: "too-many"; retryAt: number } | { kind: "unavailable" };

export type DataExportCardProps = {
  /** Null when the results service could not list them. */
  items: DataExportItem[] | null;
  problem?: DataExportProblem | null;
  serverTimeZone: string;
};

/** What became of one request, below when it was made. */
function ExportState({ item, moment }: { item: DataExportItem; moment: (epochMs: number) => string }) {
  const { t, i18n } = useTranslation("profile");
  switch (item.kind) {
    case "preparing":
      return (
        <>
          <p>{item.filesTotal ? t("dataExport.preparing", { done: item.filesDone, total: item.filesTotal }) : t("dataExport.waiting")}</p>
          <progress
            className={styles.exportProgress}
            aria-label={t("dataExport.progressLabel")}
            max={item.filesTotal ?? undefined}
            value={item.filesTotal ? item.filesDone : undefined}
          />
        </>
      );
    case "ready":
      return (
        <>
          <p>{t("dataExport.readyUntil", { time: moment(item.expiresAt) })}</p>
          {/* The archive holds raw genetic data: the download page confirms it's the participant first. */}
          <LinkLine to={downloadPath({ kind: "archive", exportId: item.id })}>
            {t("dataExport.download", { size: fileSize(item.sizeBytes, i18n.language) })}
          </LinkLine>
        </>
      );
    case "expired":
      return <p>{t("dataExport.expired", { time: moment(item.expiredAt) })}</p>;
    case "failed":
      return <p>{t("dataExport.failed")}</p>;
  }
}

/** 'Download all your data': while an archive is being prepared the page asks again every few seconds. */
export function DataExportCard({ items, problem, serverTimeZone }: DataExportCardProps) {
  const { t } = useTranslation("profile");
  const moment = useDayAndTime(serverTimeZone);
  const navigation = useNavigation();
  const location = useLocation();
  const requesting = navigation.state !== "idle" && navigation.formData?.get("intent") === REQUEST_EXPORT_INTENT;
  return (
    <ProfileCard id="your-data" headingId="your-data-heading" heading={t("dataExport.heading")} level={2}>
      <p>{t("dataExport.intro")}</p>
      <p>{t("dataExport.howLong")}</p>
      {problem ? (
        <Notification
          type="error"
          bodyText={problem.kind === "too-many" ? t("dataExport.tooMany", { time: moment(problem.retryAt) }) : t("dataExport.unavailable")}
          visibleMs={0}
        />
      ) : null}
      <IntentButton intent={REQUEST_EXPORT_INTENT} loading={requesting}>
        {t("dataExport.request")}
      </IntentButton>
      {items === null ? (
        <p role="status">{t("dataExport.listUnavailable")}</p>
      ) : items.length > 0 ? (
        <>
          <h3 className={styles.rowLabel}>{t("dataExport.listHeading")}</h3>
          <ul className={styles.consentList} aria-live="polite">
            {items.map((item) => (
              <li key={item.id} className={styles.consentItem}>
                <p className={styles.muted}>{t("dataExport.requestedAt", { time: moment(item.requestedAt) })}</p>
                <ExportState item={item} moment={moment} />
              </li>
            ))}
          </ul>
          {isBeingPrepared(items) ? (
            <>
              <CheckAgainEvery seconds={DATA_EXPORT_CHECK_AGAIN_SECONDS} />
              <p className={styles.muted}>
                {t("dataExport.checksAgain", { seconds: DATA_EXPORT_CHECK_AGAIN_SECONDS })}{" "}
                <Link to={`${location.pathname}#your-data`} reloadDocument className={styles.textLink}>
                  {t("dataExport.checkNow")}
                </Link>
              </p>
            </>
          ) : null}
        </>
      ) : null}
    </ProfileCard>
  );
}
