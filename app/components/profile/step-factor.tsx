import { IntentButton } from "~/components/intent-button";
import { CodeStep } from "~/components/verification/code-step";
import type { OtherWay } from "~/domain/code-help";
import { FACTORS_PATH, type FactorFlowState, type VerifyMethod } from "~/domain/sign-in-factors";
import type { CodeDeliveryProblem, StepAnswer } from "~/domain/verification";
import { useTranslation } from "~/i18n/react";
import * as styles from "./profile.css";
import { EnrolAppStep } from "./step-enrol-app";
import { NewPhoneStep } from "./step-new-phone";
import { PasskeyCreateStep } from "./step-passkey-create";
import { RecoveryCodesStep } from "./step-recovery-codes";
import { VerifyPickStep } from "./step-verify-pick";

export type FactorStepView = {
  state: FactorFlowState;
  methods: VerifyMethod[];
  phone: string | null;
  hasPasskeys: boolean;
  /** A recovery code may confirm this change (from the code step, when a text or call did not arrive). */
  recoveryOpens: boolean;
  /** A new phone number confirmed without the current number (it will wait out a cooling-off period). */
  oldNumberUnavailable: boolean;
  /** 'My current number can't receive codes' on the pick step: offered with the app, or a passkey only; null: not offered. */
  oldNumberOffer: "app" | "passkey" | null;
  /** On the code step: the participant's other ways, for 'Didn't get a code?'. */
  otherWays: OtherWay[];
  /** On the code step: the text or call that did not arrive. */
  delivery?: CodeDeliveryProblem | null;
  qrCode: string | null;
  resendSecondsLeft: number;
  reply?: StepAnswer;
};

/** The step of a sign-in-method change the server says the participant is on; every step but the saved codes can be left. */
export function FactorStep({ view }: { view: FactorStepView }) {
  const { t } = useTranslation("profile");
  const { state, reply } = view;
  const codeStep = {
    action: FACTORS_PATH,
    reply,
    summaryTitle: t("factors.errors.summaryTitle"),
    cancelLabel: t("factors.cancel"),
  };
  switch (state.step) {
    case "code":
      // The code that confirms it's them (sent, or the app's).
      return (
        <CodeStep
          {...codeStep}
          id="factor-verify-code"
          intent="verify"
          view={{
            method: state.method,
            phoneNumber: state.phoneNumber ?? "",
            resendSecondsLeft: view.resendSecondsLeft,
            otherWays: view.otherWays,
            delivery: view.delivery,
          }}
          submitLabel={t("factors.verify.submit")}
          switchable={[
            ...view.methods,
            ...(view.hasPasskeys ? (["passkey"] as const) : []),
            ...(view.recoveryOpens ? (["recovery"] as const) : []),
          ]}
        />
      );
    case "phone-code":
      // The code sent to the new number, which proves it reaches the participant.
      return (
        <CodeStep
          {...codeStep}
          id="factor-phone-code"
          intent="confirm-phone"
          view={{ method: "sms", phoneNumber: state.newPhone, resendSecondsLeft: view.resendSecondsLeft, otherWays: [] }}
          submitLabel={t("factors.newPhone.confirm")}
          intro={t("factors.newPhone.codeIntro", { phone: state.newPhone })}
        />
      );
    case "codes":
      return <RecoveryCodesStep codes={state.codes} />;
  }
  return (
    <div className={styles.form}>
      {state.step === "pick" ? (
        <VerifyPickStep view={view} />
      ) : state.step === "enrol" ? (
        <EnrolAppStep qrCode={view.qrCode!} secret={state.secret} reply={reply} />
      ) : state.step === "passkey" ? (
        <PasskeyCreateStep reply={reply} />
      ) : (
        <NewPhoneStep reply={reply} />
      )}
      <IntentButton action={FACTORS_PATH} intent="cancel" variant="outlined">
        {t("factors.cancel")}
      </IntentButton>
    </div>
  );
}
