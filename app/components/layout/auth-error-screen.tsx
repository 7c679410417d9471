import { useTranslation } from "~/i18n/react";
import * as styles from "./error-screens.css";

/** A sign-in or results-link failure: a translated heading, the exact reason, and a way back in. */
export function AuthErrorScreen({ titleKey, messageKey, helpKey }: { titleKey: string; messageKey: string; helpKey?: string }) {
  const { t } = useTranslation("auth");
  return (
    <section className={styles.screen} aria-labelledby="auth-error-title">
      <h1 id="auth-error-title" className={styles.title}>
        {t(titleKey)}
      </h1>
      <p className={styles.body} role="alert">
        {t(messageKey)}
      </p>
      {helpKey ? <p className={styles.body}>{t(helpKey)}</p> : null}
      <a href="/auth/sign-in" className={styles.link}>
        {t("tryAgain")}
      </a>
    </section>
  );
}
