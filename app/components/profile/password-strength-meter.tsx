import type { PasswordStrength } from "~/domain/password-strength";
import { useTranslation } from "~/i18n/react";
import * as styles from "./profile.css";

/** SPEC.md §5 'Strength meter'. The region is always there, so each new strength is announced politely. */
export function PasswordStrengthMeter({ strength, id }: { strength: PasswordStrength | null; id: string }) {
  const { t } = useTranslation("profile");
  return (
    <div id={id} className={strength ? styles.meter : undefined} aria-live="polite">
      {strength ? (
        <>
          <div className={styles.meterTrack} aria-hidden="true">
            <div className={styles.meterFill[strength]} />
          </div>
          <p className={styles.meterLabel}>
            {t("newPassword.strength.label")} <strong>{t(`newPassword.strength.${strength}`)}</strong>
          </p>
        </>
      ) : null}
    </div>
  );
}
