import { Link } from "react-router";
import { ProfileCard } from "~/components/profile/profile-card";
import * as profile from "~/components/profile/profile.css";
import { COUNSELLING_PATH } from "~/domain/counselling";
import { useTranslation } from "~/i18n/react";

/** Personal Information's way to the participant's requests to talk to a genetic counsellor. */
export function CounsellingCard() {
  const { t } = useTranslation("counselling");
  return (
    <ProfileCard headingId="counselling-card-title" heading={t("card.title")} level={2}>
      <p className={profile.paragraph}>{t("card.body")}</p>
      <p className={profile.paragraph}>
        <Link to={COUNSELLING_PATH} className={profile.textLink}>
          {t("card.link")}
        </Link>
      </p>
    </ProfileCard>
  );
}
