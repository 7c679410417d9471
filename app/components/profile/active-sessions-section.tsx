import { Link } from "react-router";
import { SESSIONS_PATH } from "~/domain/active-sessions";
import { useTranslation } from "~/i18n-react";
import * as styles from "./profile.css";

/** Login & Security's row for the sessions page. */
export function ActiveSessionsSection() {
  const { t } = useTranslation("profile");
  return (
    <section aria-labelledby="where-signed-in" className={styles.card}>
      <h2 id="where-signed-in" className={styles.cardHeading}>
        {t("sessions.heading")}
      </h2>
      <p className={styles.paragraph}>{t("sessions.sectionIntro")}</p>
      <p className={styles.paragraph}>
        <Link to={SESSIONS_PATH} className={styles.textLink}>
          {t("sessions.review")}
        </Link>
      </p>
    </section>
  );
}
