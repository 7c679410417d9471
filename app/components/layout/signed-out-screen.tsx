import { useTranslation } from "~/i18n-react";
import * as styles from "./error-screens.css";

/** After a sign-in the participant cancelled: nothing went wrong, nobody is signed in, and the way back in. */
export function SignedOutScreen() {
  const { t } = useTranslation("auth");
  return (
    <section className={styles.screen} aria-labelledby="signed-out-title">
      <h1 id="signed-out-title" className={styles.title}>
        {t("signedOut.title")}
      </h1>
      <p className={styles.body}>{t("signedOut.cancelled")}</p>
      <a href="/auth/sign-in" className={styles.link}>
        {t("signedOut.signIn")}
      </a>
    </section>
  );
}
