import { SESSIONS_PATH, type SessionEndingChange } from "~/domain/active-sessions";
import { useTranslation } from "~/i18n/react";
import { EndOtherSessionsOffer } from "./end-other-sessions-offer";
import { LinkLine, ProfileCard } from "./profile-card";

/** Login & Security's row for the sessions page; right after a change that calls for it, the offer to end the others. */
export function ActiveSessionsSection({ after }: { after: SessionEndingChange | null }) {
  const { t } = useTranslation("profile");
  return (
    <ProfileCard headingId="where-signed-in" heading={t("sessions.heading")} level={2}>
      <p>{t("sessions.sectionIntro")}</p>
      {after ? <EndOtherSessionsOffer /> : null}
      <LinkLine to={SESSIONS_PATH}>{t("sessions.review")}</LinkLine>
    </ProfileCard>
  );
}
