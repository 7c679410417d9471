import type { OtherWay } from "~/domain/code-help";
import type { FactorFlowState, VerifyMethod } from "~/domain/sign-in-factors";
import type { CodeDeliveryProblem, StepAnswer } from "~/domain/verification";
import { EnrolAppStep } from "./step-enrol-app";
import { NewPhoneStep } from "./step-new-phone";
import { PasskeyCreateStep } from "./step-passkey-create";
import { RecoveryCodesStep } from "./step-recovery-codes";
import { VerifyCodeStep } from "./step-verify-code";
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

/** The step of a sign-in-method change the server says the participant is on. */
export function FactorStep({ view }: { view: FactorStepView }) {
  const { state, reply } = view;
  switch (state.step) {
    case "pick":
      return (
        <VerifyPickStep
          methods={view.methods}
          phone={view.phone}
          hasPasskeys={view.hasPasskeys}
          oldNumberUnavailable={view.oldNumberUnavailable}
          oldNumberOffer={view.oldNumberOffer}
          reply={reply}
        />
      );
    case "code":
      return (
        <VerifyCodeStep
          method={state.method}
          phone={state.phoneNumber}
          resendSecondsLeft={view.resendSecondsLeft}
          reply={reply}
          otherWays={view.otherWays}
          delivery={view.delivery}
          switchable={[
            ...view.methods,
            ...(view.hasPasskeys ? (["passkey"] as const) : []),
            ...(view.recoveryOpens ? (["recovery"] as const) : []),
          ]}
        />
      );
    case "enrol":
      return view.qrCode ? <EnrolAppStep qrCode={view.qrCode} secret={state.secret} reply={reply} /> : null;
    case "codes":
      return <RecoveryCodesStep codes={state.codes} />;
    case "passkey":
      return <PasskeyCreateStep reply={reply} />;
    case "phone":
      return <NewPhoneStep reply={reply} />;
    case "phone-code":
      return (
        <VerifyCodeStep
          method="sms"
          phone={state.newPhone}
          resendSecondsLeft={view.resendSecondsLeft}
          reply={reply}
          intent="confirm-phone"
        />
      );
  }
}
