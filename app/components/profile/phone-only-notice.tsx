import { useTranslation } from "~/i18n/react";
import { AddPasskeyButton, ChangeButton } from "./change-button";
import * as styles from "./profile.css";

/** Texted and called codes are restricted authenticators (NIST SP 800-63B-4): a phone-only participant is offered a passkey or the app. */
export function PhoneOnlyNotice() {
  const { t } = useTranslation("profile");
  return (
    <aside aria-labelledby="phone-only-notice" className={styles.consentItem}>
      <h3 id="phone-only-notice" className={styles.rowLabel}>
        {t("phoneOnly.heading")}
      </h3>
      <p>{t("phoneOnly.body")}</p>
      <div className={styles.actions}>
        <AddPasskeyButton label={t("phoneOnly.addPasskey")} />
        <ChangeButton change="add-totp" label={t("phoneOnly.addApp")} />
      </div>
    </aside>
  );
}
