import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/button";
import { RadioGroup } from "~/components/radio-group";
import { DEFAULT_AUTH_METHOD } from "~/domain/auth-code";
import { type StepReply, type StepView, PASSWORD_UPDATE_PATH } from "~/domain/password-update-view";
import { useTranslation } from "~/i18n-react";
import * as styles from "./profile.css";
import { StepNotice } from "./step-notice";

/** mfa-verification-pick: Text Message (default) or Voice Call to the masked phone. */
export function PickStep({ view, reply }: { view: StepView; reply: StepReply | undefined }) {
  const { t } = useTranslation("profile");
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={PASSWORD_UPDATE_PATH} className={styles.form}>
      {reply?.notice ? <StepNotice notice={reply.notice} values={reply.noticeValues} /> : null}
      <p className={styles.paragraph}>{t("pick.intro", { phone: view.phoneNumber })}</p>
      <input type="hidden" name="intent" value="send-code" />
      <RadioGroup
        id="authMethod"
        name="authMethod"
        legend={t("pick.legend")}
        defaultValue={DEFAULT_AUTH_METHOD}
        options={[
          ...(view.appAvailable ? [{ value: "totp", label: t("pick.totp") }] : []),
          { value: "sms", label: t("pick.sms") },
          { value: "voice", label: t("pick.voice") },
        ]}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={busy}>
          {t("pick.submit")}
        </Button>
      </div>
    </Form>
  );
}
