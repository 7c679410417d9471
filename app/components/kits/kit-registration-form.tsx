import type { SubmissionResult } from "@conform-to/react";
import { useCallback } from "react";
import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { RefusalNotice } from "~/components/notification";
import * as profile from "~/components/profile/profile.css";
import { RadioGroup } from "~/components/radio-group";
import { TextInput } from "~/components/text-input";
import { summaryLinks, usePageForm, ZodForm } from "~/components/zod-form";
import { KIT_REGISTRATION_PATH, kitRegistrationSchema, SAMPLE_OF } from "~/domain/kit-registration";
import { useTranslation } from "~/i18n/react";
import { BarcodeScan } from "./barcode-scan";

export type KitRegistrationReply = {
  result?: SubmissionResult<string[]>;
  refusal?: { key: "tooMany" | "notAllowed" | "unavailable"; minutes?: number };
};

const schema = kitRegistrationSchema();

/** The kit's barcode, whose sample it is and the day it was collected; what was typed comes back with any error. */
export function KitRegistrationForm({ reply, latestDay }: { reply?: KitRegistrationReply; latestDay: string }) {
  const { t } = useTranslation("dashboard");
  const [form, fields, busy] = usePageForm(schema, "register-kit", reply?.result);
  const { update } = form;
  const scanned = useCallback(
    (barcode: string) => {
      update({ name: fields.barcode.name, value: barcode, validated: true });
      // The field is drawn again with its new value: focus it once it is.
      requestAnimationFrame(() => document.getElementById(fields.barcode.id)?.focus());
    },
    [update, fields.barcode.name, fields.barcode.id],
  );
  return (
    <div className={profile.form}>
      <ErrorSummary
        formId={form.id}
        title={t("kits.errors.summaryTitle")}
        errors={summaryLinks([fields.barcode, fields.sampleOf, fields.collectedOn], t)}
      />
      <RefusalNotice keyPrefix="dashboard:kits.errors" refusal={reply?.refusal} />
      <p>{t("kits.intro")}</p>
      <ZodForm form={form} action={KIT_REGISTRATION_PATH} translate={t}>
        <TextInput
          field={fields.barcode}
          label={t("kits.barcode")}
          hint={t("kits.barcodeHint")}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
        />
        <BarcodeScan onRead={scanned} />
        <RadioGroup
          field={fields.sampleOf}
          legend={t("kits.sampleOf")}
          hint={t("kits.sampleOfHint")}
          options={SAMPLE_OF.map((value) => ({ value, label: t(value === "self" ? "kits.sampleOfSelf" : "kits.sampleOfOther") }))}
        />
        <TextInput
          field={fields.collectedOn}
          type="date"
          label={t("kits.collectedOn")}
          hint={t("kits.collectedOnHint")}
          max={latestDay}
          autoComplete="off"
        />
        <FormActions submitLabel={t("kits.submit")} busy={busy} cancel={{ to: "/", label: t("kits.back") }} />
      </ZodForm>
    </div>
  );
}
