import type { SubmissionResult } from "@conform-to/react";
import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { Notification } from "~/components/notification";
import { LinkLine } from "~/components/profile/profile-card";
import * as profile from "~/components/profile/profile.css";
import { RadioGroup } from "~/components/radio-group";
import { TextArea } from "~/components/text-area";
import { TextInput } from "~/components/text-input";
import { summaryLinks, usePageForm, ZodForm } from "~/components/zod-form";
import { COUNSELLING_CONTACTS, COUNSELLING_LANGUAGES, COUNSELLING_PATH, counsellingFormSchema, WINDOW_NUMBERS } from "~/domain/counselling";
import { useTranslation } from "~/i18n/react";
import { COUNSELLING_NOTE_MAX } from "../../../lib/program/counselling.ts";
import * as styles from "./counselling.css";
import { TimeZoneField } from "./time-zone-field";

export type CounsellingFailure = "open-request" | "too-many" | "not-allowed" | "unavailable";

const FAILURE_KEYS: Record<CounsellingFailure, string> = {
  "open-request": "form.errors.openRequest",
  "too-many": "form.errors.tooMany",
  "not-allowed": "form.errors.notAllowed",
  unavailable: "form.errors.unavailable",
};

/** How, in which language, when (up to three windows in the participant's time zone) and a note; the report is the card's. */
export function CounsellingRequestForm({
  appId,
  reportLabel,
  zones,
  defaultZone,
  hasOpenRequest,
  reply,
}: {
  appId: string;
  reportLabel: string;
  zones: readonly string[];
  defaultZone: string;
  hasOpenRequest: boolean;
  reply?: { result?: SubmissionResult<string[]>; failure?: CounsellingFailure };
}) {
  const { t, i18n } = useTranslation("counselling");
  const [form, fields, busy] = usePageForm(counsellingFormSchema(new Date()), "counselling-request", reply?.result);
  const windowField = (n: number, part: "Date" | "From" | "To") => fields[`window${n}${part}` as keyof typeof fields];
  const ordered = [
    fields.contact,
    fields.language,
    fields.timeZone,
    ...WINDOW_NUMBERS.flatMap((n) => [windowField(n, "Date"), windowField(n, "From"), windowField(n, "To")]),
    fields.note,
  ];
  return (
    <div className={profile.form}>
      <ErrorSummary formId={form.id} title={t("form.errors.summaryTitle")} errors={summaryLinks(ordered, t)} />
      {reply?.failure ? (
        <Notification type="error" visibleMs={0} takesFocus headerText={t(FAILURE_KEYS[reply.failure])} />
      ) : hasOpenRequest ? (
        <Notification visibleMs={0} headerText={t("form.openNotice")} />
      ) : null}
      {reply?.failure === "open-request" || hasOpenRequest ? <LinkLine to={COUNSELLING_PATH}>{t("form.seeRequests")}</LinkLine> : null}
      <p>{t("form.intro")}</p>
      <dl className={profile.consentFacts}>
        <dt>{t("form.report")}</dt>
        <dd>{reportLabel}</dd>
      </dl>
      <ZodForm form={form} translate={t}>
        <input type="hidden" name="appId" value={appId} />
        <RadioGroup
          field={fields.contact}
          legend={t("form.contact")}
          defaultValue=""
          options={COUNSELLING_CONTACTS.map((contact) => ({ value: contact, label: t(`contact.${contact}`) }))}
        />
        <RadioGroup
          field={fields.language}
          legend={t("form.language")}
          defaultValue={i18n.language === "es" ? "es" : "en"}
          options={COUNSELLING_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
        />
        <TimeZoneField
          field={fields.timeZone}
          label={t("form.timeZone")}
          hint={t("form.timeZoneHint")}
          zones={zones}
          defaultValue={defaultZone}
          followBrowser={!reply}
        />
        {WINDOW_NUMBERS.map((n) => {
          const [date, from, to] = [windowField(n, "Date"), windowField(n, "From"), windowField(n, "To")];
          return (
            <fieldset key={n} className={styles.window} aria-describedby={`window-${n}-hint`}>
              <legend className={styles.windowLegend}>{t(`form.window${n}`)}</legend>
              <p id={`window-${n}-hint`} className={styles.windowHint}>
                {t(n === 1 ? "form.windowHint" : "form.windowOptional")}
              </p>
              <div className={styles.windowFields}>
                <TextInput field={date} type="date" label={t("form.date")} fieldClassName={styles.windowField} />
                <TextInput field={from} type="time" label={t("form.from")} fieldClassName={styles.windowField} />
                <TextInput field={to} type="time" label={t("form.to")} fieldClassName={styles.windowField} />
              </div>
            </fieldset>
          );
        })}
        <TextArea
          field={fields.note}
          label={t("form.note")}
          hint={t("form.noteHint", { max: COUNSELLING_NOTE_MAX })}
          maxLength={COUNSELLING_NOTE_MAX}
        />
        <FormActions submitLabel={t("form.submit")} busy={busy} cancel={{ to: "/", label: t("form.cancel") }} />
      </ZodForm>
    </div>
  );
}
