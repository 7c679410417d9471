import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { TextInput } from "~/components/text-input";
import { summaryLinks, useStepForm, ZodForm } from "~/components/zod-form";
import { NewPhoneSchema } from "~/domain/sign-in-factor-forms";
import { FACTORS_PATH } from "~/domain/sign-in-factors";
import type { StepAnswer } from "~/domain/verification";
import { useTranslation } from "~/i18n/react";
import * as styles from "./profile.css";
import { StepNotice } from "./step-notice";

/** The new number (a plain field: the provider reads any way of writing it and refuses one it cannot use). */
export function NewPhoneStep({ reply }: { reply?: StepAnswer }) {
  const { t } = useTranslation("profile");
  const [form, fields, sending] = useStepForm(NewPhoneSchema, "factor-new-phone", "send-phone-code", reply);
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={t("factors.errors.summaryTitle")} errors={summaryLinks([fields.phone], t)} />
      {reply?.notice ? <StepNotice notice={reply.notice} /> : null}
      <ZodForm form={form} action={FACTORS_PATH} intent="send-phone-code" translate={t}>
        <TextInput
          field={fields.phone}
          type="tel"
          label={t("factors.newPhone.label")}
          hint={t("factors.newPhone.hint")}
          autoComplete="tel"
        />
        <FormActions submitLabel={t("factors.newPhone.send")} busy={sending} />
      </ZodForm>
    </div>
  );
}
