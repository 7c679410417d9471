import { useTranslation } from "~/i18n/react";
import { MessageScreen } from "./error-screens";
import * as styles from "./error-screens.css";

/** A sign-in or results-link failure: a translated heading, the exact reason, and a way back in. */
export function AuthErrorScreen({ titleKey, messageKey, helpKey }: { titleKey: string; messageKey: string; helpKey?: string }) {
  const { t } = useTranslation("auth");
  return (
    <MessageScreen headingId="auth-error-title" heading={t(titleKey)} to={["/auth/sign-in", t("tryAgain")]}>
      <p className={styles.body} role="alert">
        {t(messageKey)}
      </p>
      {helpKey ? <p className={styles.body}>{t(helpKey)}</p> : null}
    </MessageScreen>
  );
}
