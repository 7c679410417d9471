import { Link } from "react-router";
import { calendarDate } from "~/domain/calendar-date";
import { receiptPath, WITHDRAW_PATH } from "~/domain/withdrawal";
import type { Withdrawal } from "~/domain/withdrawal-reply";
import { useTranslation } from "~/i18n/react";
import { LinkLine } from "./profile-card";
import * as styles from "./profile.css";

/** My Studies: the latest withdrawal request and where it stands, or the way to make one. */
export function WithdrawalStatus({ withdrawal }: { withdrawal: Withdrawal | null }) {
  const { t, i18n } = useTranslation("profile");
  if (!withdrawal) {
    return (
      <p>
        <Link to={WITHDRAW_PATH} className={styles.textLink}>
          {t("withdraw.startLink")}
        </Link>
        <span className={styles.muted}> {t("withdraw.startHint")}</span>
      </p>
    );
  }
  return (
    <section aria-labelledby="withdrawal-status" className={styles.form}>
      <h2 id="withdrawal-status" className={styles.rowLabel}>
        {t("withdraw.onStudies.heading")}
      </h2>
      <p>
        {t("withdraw.onStudies.summary", {
          reference: withdrawal.reference,
          date: calendarDate(withdrawal.requestedAt.slice(0, 10), i18n.language),
        })}
      </p>
      <p>{t(`withdraw.requested.${withdrawal.choice}`)}</p>
      <p>{t("withdraw.onStudies.status", { status: t(`withdraw.status.${withdrawal.status}`) })}</p>
      <LinkLine to={receiptPath(withdrawal.reference)}>{t("withdraw.onStudies.view", { reference: withdrawal.reference })}</LinkLine>
    </section>
  );
}
