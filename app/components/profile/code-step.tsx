import { CodeStep as VerificationCodeStep } from "~/components/verification/code-step";
import { PASSWORD_UPDATE_PATH, type StepReply, type StepView } from "~/domain/password-update-view";
import { useTranslation } from "~/i18n-react";

/** mfa-verification-code: 6 digits for SMS or the app, 5 for voice; resend locked for 30 seconds where a code was sent. */
export function CodeStep({ view, reply }: { view: StepView; reply: StepReply | undefined }) {
  const { t } = useTranslation("profile");
  return (
    <VerificationCodeStep
      id="password-update-code"
      action={PASSWORD_UPDATE_PATH}
      intent="submit-code"
      method={view.method}
      phone={view.phoneNumber}
      resendSecondsLeft={view.method === "totp" ? null : view.resendSecondsLeft}
      reply={reply}
      otherWays={view.otherWays}
      summaryTitle={t("update.summaryTitle")}
      submitLabel={t("code.submit")}
    />
  );
}
