import type { SubmissionResult } from "@conform-to/react";
import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { Notification } from "~/components/notification";
import * as profile from "~/components/profile/profile.css";
import { RadioGroup } from "~/components/radio-group";
import { TextInput } from "~/components/text-input";
import { summaryLinks, usePageForm, ZodForm } from "~/components/zod-form";
import { SHARE_DAYS } from "~/domain/report-share";
import { NewShareSchema } from "~/domain/report-share-forms";
import { useTranslation } from "~/i18n/react";

const FAILURE_KEYS = { "too-many": "tooMany", "not-allowed": "notAllowed", unavailable: "unavailable" } as const;

/** Who the report is for and how long the share works; the report is the card's, carried by the form. */
export function NewShareForm({
  appId,
  formKey,
  reportLabel,
  reply,
}: {
  appId: string;
  formKey: string;
  reportLabel: string;
  reply?: { result?: SubmissionResult<string[]>; failure?: "too-many" | "not-allowed" | "unavailable" };
}) {
  const { t } = useTranslation("shares");
  const [form, fields, busy] = usePageForm(NewShareSchema, "new-share", reply?.result);
  return (
    <div className={profile.form}>
      <ErrorSummary formId={form.id} title={t("new.errors.summaryTitle")} errors={summaryLinks([fields.recipient, fields.days], t)} />
      {reply?.failure ? <Notification type="error" visibleMs={0} headerText={t(`new.errors.${FAILURE_KEYS[reply.failure]}`)} /> : null}
      <p>{t("new.intro")}</p>
      <dl className={profile.consentFacts}>
        <dt>{t("new.report")}</dt>
        <dd>{reportLabel}</dd>
      </dl>
      <ZodForm form={form} translate={t}>
        <input type="hidden" name="appId" value={appId} />
        <input type="hidden" name="formKey" value={formKey} />
        <TextInput field={fields.recipient} label={t("new.recipient")} hint={t("new.recipientHint")} maxLength={100} autoComplete="off" />
        <RadioGroup
          field={fields.days}
          legend={t("new.days")}
          defaultValue="7"
          options={SHARE_DAYS.map((days) => ({ value: String(days), label: t(`new.day${days}`) }))}
        />
        <FormActions submitLabel={t("new.submit")} busy={busy} cancel={{ to: "/", label: t("new.cancel") }} />
      </ZodForm>
    </div>
  );
}
