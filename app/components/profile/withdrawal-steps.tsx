import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/button";
import { ErrorSummary } from "~/components/error-summary";
import { RadioGroup } from "~/components/radio-group";
import { TextInput } from "~/components/text-input";
import { site } from "~/config/site";
import { authCodeSchema, type AuthMethod, codeDigits, DEFAULT_AUTH_METHOD } from "~/domain/auth-code";
import type { VerificationNotice } from "~/domain/verification";
import { WITHDRAW_PATH, WITHDRAWAL_CHOICES, WithdrawalChoiceSchema, type WithdrawalChoice } from "~/domain/withdrawal";
import { Trans, useTranslation } from "~/i18n-react";
import { NewTabLink } from "./new-tab-link";
import * as styles from "./profile.css";
import { summaryLinks } from "./step-errors";
import { StepNotice } from "./step-notice";
import { validateOnLeave } from "./validate-on-leave";

/** What the action answered a refused post with: conform's result for the fields, or a notice. */
export type WithdrawalReply = { result?: SubmissionResult<string[]>; notice?: VerificationNotice; intent?: string };

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** Step one: the three choices, each with what it means, and how the code should come. */
export function WithdrawalChoiceStep({ reply, appAvailable }: { reply?: WithdrawalReply; appAvailable: boolean }) {
  const { t } = useTranslation("profile");
  const [form, fields] = useForm({
    id: "withdrawal-choice",
    lastResult: reply?.intent === "send-code" ? reply.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WithdrawalChoiceSchema }),
  });
  const busy = useSubmitting("send-code");
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={t("withdraw.errors.summaryTitle")} errors={summaryLinks([fields.choice], (key) => t(key))} />
      {reply?.notice ? <StepNotice notice={reply.notice} /> : null}
      <p className={styles.paragraph}>{t("withdraw.intro")}</p>
      <Form method="post" action={WITHDRAW_PATH} {...getFormProps(form)} className={styles.form}>
        <input type="hidden" name="intent" value="send-code" />
        <RadioGroup
          id={fields.choice.id}
          name={fields.choice.name}
          key={fields.choice.key}
          legend={t("withdraw.choiceLegend")}
          defaultValue={typeof fields.choice.initialValue === "string" ? fields.choice.initialValue : undefined}
          error={fields.choice.errors?.length ? t(fields.choice.errors[0]!) : undefined}
          options={WITHDRAWAL_CHOICES.map((choice) => ({
            value: choice,
            label: (
              <span className={styles.choiceLabel}>
                <strong>{t(`withdraw.choices.${choice}.title`)}</strong>
                <span>{t(`withdraw.choices.${choice}.body`)}</span>
              </span>
            ),
          }))}
        />
        <RadioGroup
          id={fields.authMethod.id}
          name={fields.authMethod.name}
          legend={t("pick.legend")}
          defaultValue={DEFAULT_AUTH_METHOD}
          options={[
            ...(appAvailable ? [{ value: "totp", label: t("pick.totp") }] : []),
            { value: "sms", label: t("pick.sms") },
            { value: "voice", label: t("pick.voice") },
          ]}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={busy}>
            {t("withdraw.sendCode")}
          </Button>
          <Link to="/profile/studies" className={styles.textLink}>
            {t("withdraw.cancel")}
          </Link>
        </div>
      </Form>
      <p className={styles.paragraph}>
        <Trans t={t} i18nKey="withdraw.privacyForm" components={{ form: <NewTabLink href={site.legal.privacyWebFormUrl} /> }} />
      </p>
    </div>
  );
}

export type CodeStepView = { choice: WithdrawalChoice; method: AuthMethod; phoneNumber: string; resent: boolean };

/** Step two: the code that was sent, then the request is recorded; a new code or cancelling are their own forms. */
export function WithdrawalCodeStep({ view, reply }: { view: CodeStepView; reply?: WithdrawalReply }) {
  const { t } = useTranslation("profile");
  const [form, fields] = useForm({
    id: "withdrawal-code",
    lastResult: reply?.intent === "confirm" ? reply.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: authCodeSchema(view.method) }),
  });
  const digits = codeDigits(view.method);
  const confirming = useSubmitting("confirm");
  const resending = useSubmitting("resend");
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={t("withdraw.errors.summaryTitle")} errors={summaryLinks([fields.authCode], (key) => t(key))} />
      {reply?.notice ? <StepNotice notice={reply.notice} /> : null}
      {view.resent ? (
        <p role="status" className={styles.paragraph}>
          {t("withdraw.resent")}
        </p>
      ) : null}
      <p className={styles.paragraph}>{t("withdraw.youChose", { choice: t(`withdraw.choices.${view.choice}.title`) })}</p>
      <p className={styles.paragraph}>
        {t({ sms: "code.introSms", voice: "code.introVoice", totp: "code.introTotp" }[view.method], {
          phone: view.phoneNumber,
          codeDigits: digits,
        })}
      </p>
      <Form method="post" action={WITHDRAW_PATH} {...getFormProps(form)} className={styles.form}>
        <input type="hidden" name="intent" value="confirm" />
        <TextInput
          {...getInputProps(fields.authCode, { type: "text" })}
          key={fields.authCode.key}
          {...validateOnLeave(form, fields.authCode.name)}
          label={t("code.label")}
          placeholder={t("code.placeholder", { codeDigits: digits })}
          error={fields.authCode.errors?.length ? t(fields.authCode.errors[0]!) : undefined}
          code
        />
        <div className={styles.actions}>
          <Button type="submit" loading={confirming}>
            {t("withdraw.confirm")}
          </Button>
        </div>
      </Form>
      <div className={styles.actions}>
        {view.method === "totp" ? null : (
          <Form method="post" action={WITHDRAW_PATH}>
            <input type="hidden" name="intent" value="resend" />
            <Button type="submit" variant="outlined" loading={resending}>
              {t("withdraw.resend")}
            </Button>
          </Form>
        )}
        <Form method="post" action={WITHDRAW_PATH}>
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="outlined">
            {t("withdraw.cancel")}
          </Button>
        </Form>
      </div>
    </div>
  );
}
