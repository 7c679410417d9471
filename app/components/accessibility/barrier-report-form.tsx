import type { SubmissionResult } from "@conform-to/react";
import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { Notification } from "~/components/notification";
import { validateOnLeave } from "~/components/profile/validate-on-leave";
import { SupportEmailLink, SupportPhoneLink } from "~/components/support-links";
import { TextArea } from "~/components/text-area";
import { TextInput } from "~/components/text-input";
import { summaryLinks, usePageForm, ZodForm } from "~/components/zod-form";
import { site } from "~/config/site";
import { ACCESSIBILITY_PATH, BarrierReportSchema, DESCRIPTION_MAX, DESCRIPTION_MIN, PAGE_MAX } from "~/domain/barrier-report";
import { Trans, useTranslation } from "~/i18n/react";
import * as styles from "./accessibility.css";
import { StatementSection } from "./statement-section";

export const TOO_MANY_REPORTS = "report.tooMany";

/** 'Report a barrier', and the reference once it is sent. */
export function BarrierReportForm({
  reply,
  email,
  received,
}: {
  reply: { result: SubmissionResult<string[]> } | undefined;
  email: string | null;
  received: string | null;
}) {
  const { t } = useTranslation("accessibility");
  const [form, fields, busy] = usePageForm(BarrierReportSchema, "barrier-report", reply?.result, { email: email ?? "" });
  const translate = (key: string) => t(key, { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX, pageMax: PAGE_MAX });
  const tooMany = form.errors?.includes(TOO_MANY_REPORTS) ?? false;
  const phone = <SupportPhoneLink />;
  return (
    <StatementSection headingId="report-a-barrier" heading={t("report.heading")}>
      {received ? (
        <Notification
          id="report-received"
          type="success"
          visibleMs={0}
          headerText={t("report.receivedTitle", { reference: received })}
          bodyText={t("report.receivedBody")}
        />
      ) : null}
      <p>{t("report.intro")}</p>
      <ErrorSummary
        formId={form.id}
        title={t("report.summaryTitle")}
        errors={summaryLinks([fields.page, fields.description, fields.email], translate)}
      />
      {tooMany ? (
        <Notification
          type="error"
          visibleMs={0}
          headerText={t("report.tooManyTitle")}
          bodyText={<Trans t={t} i18nKey="report.tooManyBody" values={{ phone: site.support.phoneDisplay }} components={{ phone }} />}
        />
      ) : null}
      <ZodForm form={form} action={ACCESSIBILITY_PATH} translate={translate} className={styles.form}>
        <TextInput
          field={fields.page}
          {...validateOnLeave(form, fields.page.name)}
          label={t("report.pageLabel")}
          hint={t("report.pageHint")}
          maxLength={PAGE_MAX}
        />
        <TextArea
          field={fields.description}
          label={t("report.descriptionLabel")}
          hint={t("report.descriptionHint")}
          rows={6}
          maxLength={DESCRIPTION_MAX}
        />
        <TextInput
          field={fields.email}
          type="email"
          {...validateOnLeave(form, fields.email.name)}
          label={t("report.emailLabel")}
          hint={t("report.emailHint")}
          autoComplete="email"
          spellCheck={false}
        />
        <FormActions submitLabel={t("report.submit")} busy={busy} />
      </ZodForm>
      <p>
        <Trans
          t={t}
          i18nKey="report.otherWays"
          values={{ phone: site.support.phoneDisplay, email: site.support.email }}
          components={{ phone, email: <SupportEmailLink /> }}
        />
      </p>
    </StatementSection>
  );
}
