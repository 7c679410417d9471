import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/button";
import { ErrorSummary } from "~/components/error-summary";
import { TextInput } from "~/components/text-input";
import { authCodeSchema } from "~/domain/auth-code";
import { PASSWORD_UPDATE_PATH, type StepReply, type StepView } from "~/domain/password-update-view";
import { useTranslation } from "~/i18n-react";
import * as styles from "./profile.css";
import { ResendControl } from "./resend-control";
import { summaryLinks } from "./step-errors";
import { StepNotice } from "./step-notice";
import { validateOnLeave } from "./validate-on-leave";

/** mfa-verification-code: 6 digits for SMS, 5 for voice; resend locked for 30 seconds. */
export function CodeStep({ view, reply }: { view: StepView; reply: StepReply | undefined }) {
  const { t } = useTranslation("profile");
  const navigation = useNavigation();
  const submittingCode = navigation.state === "submitting" && navigation.formData?.get("intent") === "submit-code";
  const codeReply = reply?.intent === "submit-code" ? reply : undefined;
  const [form, fields] = useForm({
    id: "password-update-code",
    lastResult: codeReply?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: authCodeSchema(view.method) }),
  });
  const translate = (key: string) => t(key);
  const introKey = { sms: "code.introSms", voice: "code.introVoice", totp: "code.introTotp" }[view.method];
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={t("update.summaryTitle")} errors={summaryLinks([fields.authCode], translate)} />
      {reply?.notice ? <StepNotice notice={reply.notice} values={reply.noticeValues} /> : null}
      {reply?.resent ? (
        <p role="status" className={styles.paragraph}>
          {t("code.resent")}
        </p>
      ) : null}
      <p className={styles.paragraph}>{t(introKey, { phone: view.phoneNumber, codeDigits: view.codeDigits })}</p>
      <Form method="post" action={PASSWORD_UPDATE_PATH} {...getFormProps(form)} className={styles.form}>
        <input type="hidden" name="intent" value="submit-code" />
        <TextInput
          {...getInputProps(fields.authCode, { type: "text" })}
          key={fields.authCode.key}
          {...validateOnLeave(form, fields.authCode.name)}
          label={t("code.label")}
          placeholder={t("code.placeholder", { codeDigits: view.codeDigits })}
          error={fields.authCode.errors?.length ? t(fields.authCode.errors[0]!) : undefined}
          code
        />
        <div className={styles.actions}>
          <Button type="submit" loading={submittingCode}>
            {t("code.submit")}
          </Button>
        </div>
      </Form>
      {view.method === "totp" ? null : (
        <>
          <ResendControl secondsLeft={view.resendSecondsLeft} />
          <noscript>
            <Link to={PASSWORD_UPDATE_PATH}>{t("code.checkAgain")}</Link>
          </noscript>
        </>
      )}
    </div>
  );
}
