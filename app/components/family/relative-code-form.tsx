import type { SubmissionResult } from "@conform-to/react";
import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { RefusalNotice } from "~/components/notification";
import * as profile from "~/components/profile/profile.css";
import { TextInput } from "~/components/text-input";
import { summaryLinks, usePageForm, ZodForm } from "~/components/zod-form";
import { RELATIVE_PATH, RelativeCodeSchema } from "~/domain/family-letter";
import { useTranslation } from "~/i18n/react";

export type RelativeRefusal = { key: "noMatch" | "expired" | "ended" | "tooMany" | "unavailable"; minutes?: number };

/** The relative's one question: the code from the letter. What they typed stays in the field after a refusal. */
export function RelativeCodeForm({ result, refusal }: { result?: SubmissionResult<string[]>; refusal?: RelativeRefusal }) {
  const { t } = useTranslation("family");
  const [form, fields, busy] = usePageForm(RelativeCodeSchema, "relative-code", result);
  return (
    <div className={profile.form}>
      <ErrorSummary formId={form.id} title={t("relative.errors.summaryTitle")} errors={summaryLinks([fields.code], t)} />
      <RefusalNotice keyPrefix="family:relative.errors" refusal={refusal} />
      <ZodForm form={form} action={RELATIVE_PATH} translate={t}>
        <TextInput
          field={fields.code}
          label={t("relative.code")}
          hint={t("relative.codeHint")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
        />
        <FormActions submitLabel={t("relative.submit")} busy={busy} />
      </ZodForm>
    </div>
  );
}
