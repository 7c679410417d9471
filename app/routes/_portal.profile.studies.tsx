import { data } from "react-router";
import { ConsentHistory } from "~/components/profile/consent-history";
import { NewTabLink } from "~/components/profile/new-tab-link";
import { ProfileCard } from "~/components/profile/profile-card";
import * as styles from "~/components/profile/profile.css";
import { WithdrawalStatus } from "~/components/profile/withdrawal-status";
import { site } from "~/config/site";
import { pageTitle } from "~/i18n/page-title";
import { Trans, useTranslation } from "~/i18n/react";
import { profileOverview } from "~/services/profile-overview.server";
import { participantSession } from "~/services/session.server";
import { listWithdrawals } from "~/services/withdrawal.server";
import type { Route } from "./+types/_portal.profile.studies";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "profile", "nav.myStudies");

/** Only participants who qualify (research consent, see domain/profile-navigation) have this page. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  const [{ canSeeStudies, resultsUnavailable, consents }, withdrawals] = await Promise.all([
    profileOverview(session, context),
    listWithdrawals(session),
  ]);
  // Whether the participant qualifies is the results service's to say: while it cannot, 'try again', not 'not found'.
  if (resultsUnavailable) throw data(null, { status: 503 });
  if (!canSeeStudies) throw data(null, { status: 404 });
  return { consents, withdrawal: withdrawals?.[0] ?? null };
}

export default function MyStudies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { consents, withdrawal } = loaderData;
  return (
    <ProfileCard headingId="my-studies" heading={t("studies.heading")} level={1}>
      <h2 className={styles.rowLabel}>{t("common:programName")}</h2>
      <p className={styles.paragraph}>{t("studies.thanks")}</p>
      <p className={styles.paragraph}>
        <Trans
          t={t}
          i18nKey="studies.withdraw"
          components={{
            form: <NewTabLink href={site.legal.privacyWebFormUrl} />,
          }}
        />
      </p>
      <p className={styles.paragraph}>{t("studies.closeNote")}</p>
      <WithdrawalStatus withdrawal={withdrawal} />
      <ConsentHistory entries={consents} withdrawal={withdrawal} />
    </ProfileCard>
  );
}
