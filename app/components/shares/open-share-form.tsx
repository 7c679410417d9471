import type { SubmissionResult } from "@conform-to/react";
import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { RefusalNotice } from "~/components/notification";
import * as profile from "~/components/profile/profile.css";
import { TextInput } from "~/components/text-input";
import { summaryLinks, usePageForm, ZodForm } from "~/components/zod-form";
import { CLINICIAN_PATH } from "~/domain/report-share";
import { OpenShareSchema } from "~/domain/report-share-forms";
import { useTranslation } from "~/i18n/react";

export type OpenShareReply = {
  result?: SubmissionResult<string[]>;
  refusal?: { key: "noMatch" | "ended" | "tooMany" | "unavailable"; minutes?: number };
};

/** The clinician's question: the share code (unless the link has it) and the date of birth; a miss never says which. */
export function OpenShareForm({ link, reply }: { link: string | null; reply?: OpenShareReply }) {
  const { t } = useTranslation("shares");
  const [form, fields, busy] = usePageForm(OpenShareSchema, "open-share", reply?.result);
  const shown = link ? [fields.dateOfBirth] : [fields.code, fields.dateOfBirth];
  return (
    <div className={profile.form}>
      <ErrorSummary formId={form.id} title={t("open.errors.summaryTitle")} errors={summaryLinks(shown, t)} />
      <RefusalNotice keyPrefix="shares:open.errors" refusal={reply?.refusal} />
      <p>{t(link ? "open.introLink" : "open.intro")}</p>
      <ZodForm form={form} action={CLINICIAN_PATH} translate={t}>
        {link ? (
          <input type="hidden" name="link" value={link} />
        ) : (
          <TextInput
            field={fields.code}
            label={t("open.code")}
            hint={t("open.codeHint")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
          />
        )}
        <TextInput field={fields.dateOfBirth} type="date" label={t("open.birthDate")} hint={t("open.birthDateHint")} autoComplete="off" />
        <FormActions submitLabel={t("open.submit")} busy={busy} />
      </ZodForm>
    </div>
  );
}
