import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/button";
import { ErrorSummary } from "~/components/error-summary";
import { Notification } from "~/components/notification";
import { fieldError, summaryLinks } from "~/components/profile/step-errors";
import { validateOnLeave } from "~/components/profile/validate-on-leave";
import { SupportEmailLink, SupportPhoneLink } from "~/components/support-links";
import { TextArea } from "~/components/text-area";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/components/use-zod-form";
import { site } from "~/config/site";
import { ACCESSIBILITY_PATH, BarrierReportSchema, DESCRIPTION_MAX, DESCRIPTION_MIN, PAGE_MAX } from "~/domain/barrier-report";
import { Trans, useTranslation } from "~/i18n/react";
import * as styles from "./accessibility.css";
import { StatementSection } from "./statement-section";

export const TOO_MANY_REPORTS = "report.tooMany";

export type BarrierReportReply = { result: SubmissionResult<string[]> };

/**
 * 'Report a barrier': a plain form post that works without JavaScript; errors are listed above the
 * form and beside each field, and what was typed is kept. After it is sent, the reference.
 */
export function BarrierReportForm({
  reply,
  email,
  received,
}: {
  reply: BarrierReportReply | undefined;
  email: string | null;
  received: string | null;
}) {
  const { t } = useTranslation("accessibility");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(BarrierReportSchema, {
    id: "barrier-report",
    lastResult: reply?.result,
    defaultValue: { email: email ?? "" },
    shouldRevalidate: "onInput",
  });
  const values = { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX, pageMax: PAGE_MAX };
  const translate = (key: string) => t(key, values);
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
      <p className={styles.paragraph}>{t("report.intro")}</p>
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
      <Form method="post" action={ACCESSIBILITY_PATH} {...getFormProps(form)} className={styles.form}>
        <TextInput
          {...getInputProps(fields.page, { type: "text" })}
          key={fields.page.key}
          {...validateOnLeave(form, fields.page.name)}
          label={t("report.pageLabel")}
          hint={t("report.pageHint")}
          error={fieldError(fields.page, translate)}
          maxLength={PAGE_MAX}
        />
        <TextArea
          {...getTextareaProps(fields.description)}
          key={fields.description.key}
          label={t("report.descriptionLabel")}
          hint={t("report.descriptionHint")}
          error={fieldError(fields.description, translate)}
          rows={6}
          maxLength={DESCRIPTION_MAX}
        />
        <TextInput
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          {...validateOnLeave(form, fields.email.name)}
          label={t("report.emailLabel")}
          hint={t("report.emailHint")}
          error={fieldError(fields.email, translate)}
          autoComplete="email"
          spellCheck={false}
        />
        <div>
          <Button type="submit" loading={busy}>
            {t("report.submit")}
          </Button>
        </div>
      </Form>
      <p className={styles.paragraph}>
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
