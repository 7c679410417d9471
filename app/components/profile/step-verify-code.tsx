import { CodeStep } from "~/components/verification/code-step";
import type { OtherWay } from "~/domain/code-help";
import { FACTORS_PATH, type VerifyMethod } from "~/domain/sign-in-factors";
import type { CodeDeliveryProblem, StepAnswer } from "~/domain/verification";
import { useTranslation } from "~/i18n/react";
import { CancelChange } from "./cancel-change";

/**
 * The code that confirms it's them (sent, or the app's), or with `intent` 'confirm-phone' the code sent
 * to a new number, which proves it reaches the participant. 'Resend code' wherever a code was sent.
 */
export function VerifyCodeStep(props: {
  method: VerifyMethod;
  phone: string | null;
  resendSecondsLeft: number;
  reply?: StepAnswer;
  intent?: "verify" | "confirm-phone";
  otherWays?: OtherWay[];
  delivery?: CodeDeliveryProblem | null;
  switchable?: readonly OtherWay[];
}) {
  const { t } = useTranslation("profile");
  const { method, phone, intent = "verify" } = props;
  return (
    <CodeStep
      id={intent === "verify" ? "factor-verify-code" : "factor-phone-code"}
      action={FACTORS_PATH}
      intent={intent}
      view={{
        method,
        phoneNumber: phone ?? "",
        resendSecondsLeft: props.resendSecondsLeft,
        otherWays: props.otherWays ?? [],
        delivery: props.delivery,
      }}
      switchable={props.switchable}
      reply={props.reply}
      summaryTitle={t("factors.errors.summaryTitle")}
      submitLabel={intent === "confirm-phone" ? t("factors.newPhone.confirm") : t("factors.verify.submit")}
      intro={intent === "confirm-phone" ? t("factors.newPhone.codeIntro", { phone }) : undefined}
    >
      <CancelChange />
    </CodeStep>
  );
}
