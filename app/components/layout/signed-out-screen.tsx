import { useTranslation } from "~/i18n/react";
import { MessageScreen } from "./error-screens";
import * as styles from "./error-screens.css";

/** After a sign-in the participant cancelled: nothing went wrong, nobody is signed in, and the way back in. */
export function SignedOutScreen() {
  const { t } = useTranslation("auth");
  return (
    <MessageScreen headingId="signed-out-title" heading={t("signedOut.title")} to={["/auth/sign-in", t("signedOut.signIn")]}>
      <p className={styles.body}>{t("signedOut.cancelled")}</p>
    </MessageScreen>
  );
}
