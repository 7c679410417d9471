import { IntentButton } from "~/components/intent-button";
import { FACTORS_PATH } from "~/domain/sign-in-factors";
import { useTranslation } from "~/i18n/react";

/** Leaves the change at any step, back to Login & Security. */
export function CancelChange() {
  const { t } = useTranslation("profile");
  return (
    <IntentButton action={FACTORS_PATH} intent="cancel" variant="outlined">
      {t("factors.cancel")}
    </IntentButton>
  );
}
