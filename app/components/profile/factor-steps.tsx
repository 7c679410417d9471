import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import * as z from "zod";
import { Button } from "~/components/button";
import { ErrorSummary } from "~/components/error-summary";
import { RadioGroup } from "~/components/radio-group";
import { TextInput } from "~/components/text-input";
import { useHydrated } from "~/components/use-hydrated";
import { authCodeSchema, codeDigits } from "~/domain/auth-code";
import type { VerificationNotice } from "~/domain/verification";
import { FACTORS_PATH, inGroupsOfFour, PASSKEY_OPTIONS_PATH, RECOVERY_CODES_FILE_PATH, type VerifyMethod } from "~/domain/sign-in-factors";
import { useTranslation } from "~/i18n-react";
import { PasskeyAssertButton, useWebAuthnForm } from "./passkey-assert";
import * as styles from "./profile.css";
import { summaryLinks } from "./step-errors";
import { StepNotice } from "./step-notice";

/** What the action answered a refused post with. */
export type FactorReply = { intent?: string; result?: SubmissionResult<string[]>; notice?: VerificationNotice };

export const VerifyPickSchema = z.object({ method: z.enum(["sms", "voice", "totp"], { error: "factors.errors.methodRequired" }) });

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function CancelChange() {
  const { t } = useTranslation("profile");
  return (
    <Form method="post" action={FACTORS_PATH}>
      <input type="hidden" name="intent" value="cancel" />
      <Button type="submit" variant="outlined">
        {t("factors.cancel")}
      </Button>
    </Form>
  );
}

/** How to confirm it's them: the phone's channels, and the app when it is set up. */
export function VerifyPickStep({
  methods,
  phone,
  hasPasskeys,
  reply,
}: {
  methods: VerifyMethod[];
  phone: string | null;
  hasPasskeys: boolean;
  reply?: FactorReply;
}) {
  const { t } = useTranslation("profile");
  const [form, fields] = useForm({
    id: "factor-verify-pick",
    lastResult: reply?.intent === "pick" ? reply.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: VerifyPickSchema }),
  });
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={t("factors.errors.summaryTitle")} errors={summaryLinks([fields.method], (key) => t(key))} />
      {reply?.notice ? <StepNotice notice={reply.notice} /> : null}
      <p className={styles.paragraph}>{t("factors.verify.intro")}</p>
      <Form method="post" action={FACTORS_PATH} {...getFormProps(form)} className={styles.form}>
        <input type="hidden" name="intent" value="pick" />
        <RadioGroup
          id={fields.method.id}
          name={fields.method.name}
          legend={t("factors.verify.legend")}
          defaultValue={methods[0]}
          error={fields.method.errors?.length ? t(fields.method.errors[0]!) : undefined}
          options={methods.map((method) => ({ value: method, label: t(`factors.verify.${method}`, { phone: phone ?? "" }) }))}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={useSubmitting("pick")}>
            {t("factors.verify.continue")}
          </Button>
        </div>
      </Form>
      {hasPasskeys ? <PasskeyAssertButton optionsPath={PASSKEY_OPTIONS_PATH} action={FACTORS_PATH} intent="verify-passkey" /> : null}
      <CancelChange />
    </div>
  );
}

/** The code: one that was sent (SPEC.md §5's rules for its length), or the app's 6 digits. */
export function VerifyCodeStep({
  method,
  phone,
  reply,
  intent = "verify",
}: {
  method: VerifyMethod;
  phone: string | null;
  reply?: FactorReply;
  /** 'confirm-phone': the code sent to a new number, which proves it reaches the participant. */
  intent?: "verify" | "confirm-phone";
}) {
  const { t } = useTranslation("profile");
  const digits = method === "totp" ? 6 : codeDigits(method);
  const [form, fields] = useForm({
    id: "factor-verify-code",
    lastResult: reply?.intent === intent ? reply.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: authCodeSchema(method === "voice" ? "voice" : "sms") }),
  });
  const intro =
    intent === "confirm-phone"
      ? t("factors.newPhone.codeIntro", { phone })
      : method === "totp"
        ? t("factors.verify.codeIntroTotp")
        : t(method === "voice" ? "code.introVoice" : "code.introSms", { phone, codeDigits: digits });
  const verifying = useSubmitting(intent);
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={t("factors.errors.summaryTitle")} errors={summaryLinks([fields.authCode], (key) => t(key))} />
      {reply?.notice ? <StepNotice notice={reply.notice} /> : null}
      <p className={styles.paragraph}>{intro}</p>
      <Form method="post" action={FACTORS_PATH} {...getFormProps(form)} className={styles.form}>
        <input type="hidden" name="intent" value={intent} />
        <TextInput
          {...getInputProps(fields.authCode, { type: "text" })}
          key={fields.authCode.key}
          label={t("code.label")}
          placeholder={t("code.placeholder", { codeDigits: digits })}
          error={fields.authCode.errors?.length ? t(fields.authCode.errors[0]!) : undefined}
          code
        />
        <div className={styles.actions}>
          <Button type="submit" loading={verifying}>
            {intent === "confirm-phone" ? t("factors.newPhone.confirm") : t("factors.verify.submit")}
          </Button>
        </div>
      </Form>
      <CancelChange />
    </div>
  );
}

/** The app's QR code (drawn on the server) and its key in groups of four, confirmed by its first code. */
export function EnrolAppStep({ qrCode, secret, reply }: { qrCode: string; secret: string; reply?: FactorReply }) {
  const { t } = useTranslation("profile");
  const [form, fields] = useForm({
    id: "factor-enrol",
    lastResult: reply?.intent === "confirm" ? reply.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: authCodeSchema("sms") }),
  });
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={t("factors.errors.summaryTitle")} errors={summaryLinks([fields.authCode], (key) => t(key))} />
      {reply?.notice ? <StepNotice notice={reply.notice} /> : null}
      <p className={styles.paragraph}>{t("factors.enrol.step1")}</p>
      <img src={qrCode} alt={t("factors.enrol.qrAlt")} width={200} height={200} className={styles.qrCode} />
      <p className={styles.paragraph}>{t("factors.enrol.manual")}</p>
      <p className={styles.paragraph}>
        <code className={styles.secretKey}>{inGroupsOfFour(secret)}</code>
      </p>
      <Form method="post" action={FACTORS_PATH} {...getFormProps(form)} className={styles.form}>
        <input type="hidden" name="intent" value="confirm" />
        <TextInput
          {...getInputProps(fields.authCode, { type: "text" })}
          key={fields.authCode.key}
          label={t("factors.enrol.step2")}
          placeholder={t("code.placeholder", { codeDigits: 6 })}
          error={fields.authCode.errors?.length ? t(fields.authCode.errors[0]!) : undefined}
          code
        />
        <div className={styles.actions}>
          <Button type="submit" loading={useSubmitting("confirm")}>
            {t("factors.enrol.submit")}
          </Button>
        </div>
      </Form>
      <CancelChange />
    </div>
  );
}

/** The recovery codes, shown this once, with the text file to keep. */
export function RecoveryCodesStep({ codes }: { codes: string[] }) {
  const { t } = useTranslation("profile");
  return (
    <div className={styles.form}>
      <h2 className={styles.rowLabel}>{t("factors.savedCodes.heading")}</h2>
      <p className={styles.paragraph}>{t("factors.savedCodes.intro")}</p>
      <ol className={styles.recoveryCodes}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p className={styles.paragraph}>
        <a href={RECOVERY_CODES_FILE_PATH} download className={styles.textLink}>
          {t("factors.savedCodes.download")}
        </a>
      </p>
      <Form method="post" action={FACTORS_PATH}>
        <input type="hidden" name="intent" value="done" />
        <Button type="submit">{t("factors.savedCodes.done")}</Button>
      </Form>
    </div>
  );
}

/**
 * Creating the passkey: the browser's WebAuthn call with the options the identity provider made, then
 * a plain form carries its answer. Reached only from a button shown where the browser can do this.
 */
export function PasskeyCreateStep({ reply }: { reply?: FactorReply }) {
  const { t } = useTranslation("profile");
  const hydrated = useHydrated();
  const { formRef, credentialRef, busy, failed, onSubmit } = useWebAuthnForm(PASSKEY_OPTIONS_PATH, "register");
  return (
    <div className={styles.form}>
      {reply?.notice ? <StepNotice notice={reply.notice} /> : null}
      {failed ? (
        <p role="alert" className={styles.paragraph}>
          {t("factors.passkeys.failed")}
        </p>
      ) : null}
      {hydrated ? (
        <form ref={formRef} method="post" action={FACTORS_PATH} onSubmit={onSubmit} className={styles.form}>
          <input type="hidden" name="intent" value="register-passkey" />
          <input ref={credentialRef} type="hidden" name="credential" value="" />
          <p className={styles.paragraph}>{t("factors.passkeys.createIntro")}</p>
          <TextInput
            name="name"
            label={t("factors.passkeys.name")}
            defaultValue={t("factors.passkeys.defaultName")}
            maxLength={60}
            required
          />
          <div className={styles.actions}>
            <Button type="submit" loading={busy}>
              {t("factors.passkeys.create")}
            </Button>
          </div>
        </form>
      ) : (
        <p className={styles.paragraph}>{t("factors.passkeys.needsScript")}</p>
      )}
      <CancelChange />
    </div>
  );
}

export const NewPhoneSchema = z.object({
  phone: z.string({ error: "factors.newPhone.required" }).trim().min(1, { error: "factors.newPhone.required" }).max(40),
});

/** The new number (a plain field: the provider reads any way of writing it and refuses one it cannot use). */
export function NewPhoneStep({ reply }: { reply?: FactorReply }) {
  const { t } = useTranslation("profile");
  const [form, fields] = useForm({
    id: "factor-new-phone",
    lastResult: reply?.intent === "send-phone-code" ? reply.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPhoneSchema }),
  });
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={t("factors.errors.summaryTitle")} errors={summaryLinks([fields.phone], (key) => t(key))} />
      {reply?.notice ? <StepNotice notice={reply.notice} /> : null}
      <Form method="post" action={FACTORS_PATH} {...getFormProps(form)} className={styles.form}>
        <input type="hidden" name="intent" value="send-phone-code" />
        <TextInput
          {...getInputProps(fields.phone, { type: "tel" })}
          key={fields.phone.key}
          label={t("factors.newPhone.label")}
          hint={t("factors.newPhone.hint")}
          autoComplete="tel"
          error={fields.phone.errors?.length ? t(fields.phone.errors[0]!) : undefined}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={useSubmitting("send-phone-code")}>
            {t("factors.newPhone.send")}
          </Button>
        </div>
      </Form>
      <CancelChange />
    </div>
  );
}
