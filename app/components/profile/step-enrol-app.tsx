import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { TextInput } from "~/components/text-input";
import { summaryLinks, useStepForm, ZodForm } from "~/components/zod-form";
import { authCodeSchema } from "~/domain/auth-code";
import { FACTORS_PATH, inGroupsOfFour } from "~/domain/sign-in-factors";
import type { StepAnswer } from "~/domain/verification";
import { useTranslation } from "~/i18n/react";
import * as styles from "./profile.css";
import { StepNotice } from "./step-notice";

/** The app's QR code (drawn on the server, an image: no script) and its key in groups of four, confirmed by its first code. */
export function EnrolAppStep({ qrCode, secret, reply }: { qrCode: string; secret: string; reply?: StepAnswer }) {
  const { t } = useTranslation("profile");
  const [form, fields, confirming] = useStepForm(authCodeSchema("totp"), "factor-enrol", "confirm", reply);
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={t("factors.errors.summaryTitle")} errors={summaryLinks([fields.authCode], t)} />
      {reply?.notice ? <StepNotice notice={reply.notice} /> : null}
      <p>{t("factors.enrol.step1")}</p>
      <img src={qrCode} alt={t("factors.enrol.qrAlt")} width={200} height={200} className={styles.qrCode} />
      <p>{t("factors.enrol.manual")}</p>
      <p>
        <code className={styles.secretKey}>{inGroupsOfFour(secret)}</code>
      </p>
      <ZodForm form={form} action={FACTORS_PATH} intent="confirm" translate={t}>
        <TextInput field={fields.authCode} label={t("factors.enrol.step2")} placeholder={t("code.placeholder", { codeDigits: 6 })} code />
        <FormActions submitLabel={t("factors.enrol.submit")} busy={confirming} />
      </ZodForm>
    </div>
  );
}
