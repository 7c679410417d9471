import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useCallback } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { RefusalNotice } from "~/components/notification";
import * as profile from "~/components/profile/profile.css";
import { fieldError, summaryLinks } from "~/components/profile/step-errors";
import { RadioGroup } from "~/components/radio-group";
import { TextInput } from "~/components/text-input";
import { useZodForm } from "~/components/use-zod-form";
import { KIT_REGISTRATION_PATH, kitRegistrationSchema, SAMPLE_OF } from "~/domain/kit-registration";
import { useTranslation } from "~/i18n/react";
import { BarcodeScan } from "./barcode-scan";

export type KitRegistrationReply = {
  result?: SubmissionResult<string[]>;
  refusal?: { key: "tooMany" | "notAllowed" | "unavailable"; minutes?: number };
};

const schema = kitRegistrationSchema();

/**
 * The kit's barcode (typed; scanned where the browser can), whose sample it is, and the day it was
 * collected. Everything typed comes back with an error, the server's included.
 */
export function KitRegistrationForm({ reply, latestDay }: { reply?: KitRegistrationReply; latestDay: string }) {
  const { t } = useTranslation("dashboard");
  const [form, fields] = useZodForm(schema, {
    id: "register-kit",
    lastResult: reply?.result,
    shouldRevalidate: "onInput",
  });
  const busy = useNavigation().state === "submitting";
  const { update } = form;
  const barcodeName = fields.barcode.name;
  const barcodeId = fields.barcode.id;
  const scanned = useCallback(
    (barcode: string) => {
      update({ name: barcodeName, value: barcode, validated: true });
      // The field is drawn again with its new value: focus it once it is.
      requestAnimationFrame(() => document.getElementById(barcodeId)?.focus());
    },
    [update, barcodeName, barcodeId],
  );
  return (
    <div className={profile.form}>
      <ErrorSummary
        formId={form.id}
        title={t("kits.errors.summaryTitle")}
        errors={summaryLinks([fields.barcode, fields.sampleOf, fields.collectedOn], (key) => t(key))}
      />
      <RefusalNotice keyPrefix="dashboard:kits.errors" refusal={reply?.refusal} />
      <p className={profile.paragraph}>{t("kits.intro")}</p>
      <Form method="post" action={KIT_REGISTRATION_PATH} {...getFormProps(form)} className={profile.form}>
        <TextInput
          {...getInputProps(fields.barcode, { type: "text" })}
          key={fields.barcode.key}
          label={t("kits.barcode")}
          hint={t("kits.barcodeHint")}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          error={fieldError(fields.barcode, t)}
        />
        <BarcodeScan onRead={scanned} />
        <RadioGroup
          id={fields.sampleOf.id}
          name={fields.sampleOf.name}
          key={fields.sampleOf.key}
          legend={t("kits.sampleOf")}
          hint={t("kits.sampleOfHint")}
          defaultValue={typeof fields.sampleOf.initialValue === "string" ? fields.sampleOf.initialValue : undefined}
          error={fieldError(fields.sampleOf, t)}
          options={SAMPLE_OF.map((value) => ({ value, label: t(value === "self" ? "kits.sampleOfSelf" : "kits.sampleOfOther") }))}
        />
        <TextInput
          {...getInputProps(fields.collectedOn, { type: "date" })}
          key={fields.collectedOn.key}
          label={t("kits.collectedOn")}
          hint={t("kits.collectedOnHint")}
          max={latestDay}
          autoComplete="off"
          error={fieldError(fields.collectedOn, t)}
        />
        <FormActions submitLabel={t("kits.submit")} busy={busy} cancel={{ to: "/", label: t("kits.back") }} />
      </Form>
    </div>
  );
}
