import { IntentButton } from "~/components/intent-button";
import { Notification } from "~/components/notification";
import { useCanUsePasskeys } from "~/components/profile/passkey-assert";
import * as styles from "~/components/profile/profile.css";
import type { OtherWay } from "~/domain/code-help";
import { type CodeDeliveryProblem, type CodeStepView, OTHER_WAY_INTENT, waysAfterProblem } from "~/domain/verification";
import { useTranslation } from "~/i18n/react";

const wayKeys: Record<OtherWay, string> = {
  sms: "delivery.textInstead",
  voice: "delivery.callInstead",
  totp: "delivery.useApp",
  passkey: "delivery.usePasskey",
  recovery: "delivery.useRecoveryCode",
};

/** A text or call the provider refused or reported lost, on its code step, with the participant's other ways (plain forms). */
export function DeliveryProblem(props: {
  problem: CodeDeliveryProblem;
  view: CodeStepView;
  action: string;
  switchable: readonly OtherWay[];
}) {
  const { t } = useTranslation("profile");
  const { problem, view, switchable } = props;
  // A passkey is offered where the browser can use one (the pick step it leads to shows it only there).
  const canUsePasskeys = useCanUsePasskeys();
  const ways = waysAfterProblem(problem, view.otherWays, switchable).filter((way) => way !== "passkey" || canUsePasskeys);
  const channel = problem.channel === "voice" ? "Voice" : "Sms";
  const reason = problem.state === "failed" && problem.refusal && problem.refusal !== "other" ? problem.refusal : null;
  return (
    <Notification
      type="error"
      visibleMs={0}
      headerText={t(`delivery.${problem.state}${channel}`, { phone: view.phoneNumber })}
      bodyText={
        <div className={styles.form}>
          {reason ? <p>{t(`delivery.reason.${reason}`)}</p> : null}
          <p>{t(ways.length > 0 ? "delivery.otherWays" : "delivery.noOtherWay")}</p>
          {ways.map((way) => (
            <IntentButton key={way} action={props.action} intent={OTHER_WAY_INTENT} values={{ authMethod: way }} variant="outlined">
              {t(wayKeys[way])}
            </IntentButton>
          ))}
          {/* Recovery codes held, and not taken here (raw genetic data): the step says why. */}
          {view.otherWays.includes("recovery") && !switchable.includes("recovery") ? <p>{t("delivery.recoveryNotForDownload")}</p> : null}
        </div>
      }
    />
  );
}
