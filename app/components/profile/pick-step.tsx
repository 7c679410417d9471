import { Form, useNavigation } from "react-router";
import { FormActions } from "~/components/form-actions";
import { RadioGroup } from "~/components/radio-group";
import { DEFAULT_AUTH_METHOD } from "~/domain/auth-code";
import { PASSWORD_PASSKEY_OPTIONS_PATH, PASSWORD_UPDATE_PATH, type StepView } from "~/domain/password-update-view";
import { useTranslation } from "~/i18n/react";
import { PasskeyAssertButton } from "./passkey-assert";
import * as styles from "./profile.css";
import { StepNotice } from "./step-notice";

/** How a code can come (`authMethod`): the authenticator app first where it is set up, then a text message or a call. */
export function AuthMethodRadios(props: { id: string; legend: string; appAvailable: boolean; defaultValue?: string }) {
  const { t } = useTranslation("profile");
  return (
    <RadioGroup
      id={props.id}
      name="authMethod"
      legend={props.legend}
      defaultValue={props.defaultValue ?? DEFAULT_AUTH_METHOD}
      options={[
        ...(props.appAvailable ? [{ value: "totp", label: t("pick.totp") }] : []),
        { value: "sms", label: t("pick.sms") },
        { value: "voice", label: t("pick.voice") },
      ]}
    />
  );
}

/** mfa-verification-pick (with the app, nothing need be sent), then 'Use a passkey instead' where one can be used. */
export function PickStepWithPasskey({ view, reply }: { view: StepView; reply: StepView["reply"] }) {
  const { t } = useTranslation("profile");
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <Form method="post" action={PASSWORD_UPDATE_PATH} className={styles.form}>
        {reply?.notice ? <StepNotice notice={reply.notice} values={reply.noticeValues} /> : null}
        <p>{t(view.appAvailable ? "pick.introFactors" : "pick.intro", { phone: view.phoneNumber })}</p>
        <input type="hidden" name="intent" value="send-code" />
        <AuthMethodRadios
          id="authMethod"
          legend={t(view.appAvailable ? "pick.legendFactors" : "pick.legend")}
          appAvailable={view.appAvailable}
        />
        <FormActions submitLabel={t(view.appAvailable ? "pick.continue" : "pick.submit")} busy={busy} />
      </Form>
      {view.passkeyAvailable ? (
        <PasskeyAssertButton optionsPath={PASSWORD_PASSKEY_OPTIONS_PATH} action={PASSWORD_UPDATE_PATH} intent="verify-passkey" />
      ) : null}
    </>
  );
}
