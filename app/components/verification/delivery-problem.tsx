import { IntentButton } from "~/components/intent-button";
import { Notification } from "~/components/notification";
import { useCanUsePasskeys } from "~/components/profile/passkey-assert";
import * as styles from "~/components/profile/profile.css";
import type { OtherWay } from "~/domain/code-help";
import { type CodeDeliveryProblem, OTHER_WAY_INTENT } from "~/domain/verification";
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
  phone: string;
  action: string;
  ways: readonly OtherWay[];
  /** The participant has recovery codes this step does not take (raw genetic data). */
  recoveryRefused?: boolean;
}) {
  const { t } = useTranslation("profile");
  const { problem, phone } = props;
  // A passkey is offered where the browser can use one (the pick step it leads to shows it only there).
  const canUsePasskeys = useCanUsePasskeys();
  const ways = props.ways.filter((way) => way !== "passkey" || canUsePasskeys);
  const channel = problem.channel === "voice" ? "Voice" : "Sms";
  const reason = problem.state === "failed" && problem.refusal && problem.refusal !== "other" ? problem.refusal : null;
  return (
    <Notification
      type="error"
      visibleMs={0}
      headerText={t(`delivery.${problem.state}${channel}`, { phone })}
      bodyText={
        <div className={styles.form}>
          {reason ? <p>{t(`delivery.reason.${reason}`)}</p> : null}
          <p>{t(ways.length > 0 ? "delivery.otherWays" : "delivery.noOtherWay")}</p>
          {ways.map((way) => (
            <IntentButton key={way} action={props.action} intent={OTHER_WAY_INTENT} values={{ authMethod: way }} variant="outlined">
              {t(wayKeys[way])}
            </IntentButton>
          ))}
          {props.recoveryRefused ? <p>{t("delivery.recoveryNotForDownload")}</p> : null}
        </div>
      }
    />
  );
}
