import { data } from "react-router";
import { Moment } from "~/components/moment";
import { LinkLine, ProfileCard } from "~/components/profile/profile-card";
import * as styles from "~/components/profile/profile.css";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { participantSession, serverTimeZone } from "~/services/session.server";
import { listWithdrawals } from "~/services/withdrawal.server";
import type { Route } from "./+types/_portal.profile.studies_.withdrawal.$reference";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "profile", "withdraw.receipt.title");

/** The receipt of one of the participant's own withdrawal requests; anyone else's reference is not found. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const session = participantSession(context);
  const withdrawals = await listWithdrawals(session);
  if (withdrawals === null) throw data(null, { status: 503 });
  const withdrawal = withdrawals.find((candidate) => candidate.reference === params.reference);
  if (!withdrawal) throw data(null, { status: 404 });
  return { withdrawal, serverTimeZone };
}

export default function WithdrawalReceipt({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { withdrawal, serverTimeZone: zone } = loaderData;
  return (
    <ProfileCard headingId="receipt-title" heading={t("withdraw.receipt.title")} level={1}>
      <dl className={styles.consentFacts}>
        <dt>{t("withdraw.receipt.reference")}</dt>
        <dd className={styles.consentFactValue}>
          <strong>{withdrawal.reference}</strong>
        </dd>
        <dt>{t("withdraw.receipt.choice")}</dt>
        <dd className={styles.consentFactValue}>{t(`withdraw.requested.${withdrawal.choice}`)}</dd>
        <dt>{t("withdraw.receipt.receivedOn")}</dt>
        <dd className={styles.consentFactValue}>
          <Moment at={withdrawal.requestedAt} serverTimeZone={zone} />
        </dd>
        <dt>{t("withdraw.receipt.status")}</dt>
        <dd className={styles.consentFactValue}>{t(`withdraw.status.${withdrawal.status}`)}</dd>
      </dl>
      <p className={styles.paragraph}>{t("withdraw.receipt.emailed")}</p>
      <p className={styles.paragraph}>{t("withdraw.receipt.next")}</p>
      <LinkLine to="/profile/studies">{t("withdraw.receipt.back")}</LinkLine>
    </ProfileCard>
  );
}
