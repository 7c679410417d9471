import { Link } from "react-router";
import { ProfileCard } from "~/components/profile/profile-card";
import * as profile from "~/components/profile/profile.css";
import { SHARES_PATH } from "~/domain/report-share";
import { useTranslation } from "~/i18n/react";

/** Personal Information's way to every report the participant shared with a clinician. */
export function SharedReportsCard() {
  const { t } = useTranslation("shares");
  return (
    <ProfileCard headingId="shared-reports-title" heading={t("profileCard.title")} level={2}>
      <p className={profile.paragraph}>{t("profileCard.body")}</p>
      <p className={profile.paragraph}>
        <Link to={SHARES_PATH} className={profile.textLink}>
          {t("profileCard.link")}
        </Link>
      </p>
    </ProfileCard>
  );
}
