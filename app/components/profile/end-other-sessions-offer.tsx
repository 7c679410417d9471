import { Link } from "react-router";
import { SESSIONS_PATH } from "~/domain/active-sessions";
import { useTranslation } from "~/i18n/react";
import * as styles from "./profile.css";

/** After a new password or phone number (OWASP ASVS 5.0 V7.4.3): the way to the sessions page, to sign out everywhere else. */
export function EndOtherSessionsOffer() {
  const { t } = useTranslation("profile");
  return (
    <p>
      {t("sessions.offer.lead")}{" "}
      <Link to={SESSIONS_PATH} className={styles.textLink}>
        {t("sessions.offer.link")}
      </Link>
    </p>
  );
}
