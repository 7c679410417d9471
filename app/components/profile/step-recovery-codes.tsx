import { IntentButton } from "~/components/intent-button";
import { FACTORS_PATH, RECOVERY_CODES_FILE_PATH } from "~/domain/sign-in-factors";
import { useTranslation } from "~/i18n/react";
import * as styles from "./profile.css";

/** The recovery codes, shown this once, with the text file to keep. */
export function RecoveryCodesStep({ codes }: { codes: string[] }) {
  const { t } = useTranslation("profile");
  return (
    <div className={styles.form}>
      <h2 className={styles.rowLabel}>{t("factors.savedCodes.heading")}</h2>
      <p>{t("factors.savedCodes.intro")}</p>
      <ol className={styles.recoveryCodes}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p>
        <a href={RECOVERY_CODES_FILE_PATH} download className={styles.textLink}>
          {t("factors.savedCodes.download")}
        </a>
      </p>
      <IntentButton action={FACTORS_PATH} intent="done">
        {t("factors.savedCodes.done")}
      </IntentButton>
    </div>
  );
}
