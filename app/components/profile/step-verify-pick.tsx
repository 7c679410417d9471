import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { IntentButton } from "~/components/intent-button";
import { RadioGroup } from "~/components/radio-group";
import { summaryLinks, useStepForm, ZodForm } from "~/components/zod-form";
import { VerifyPickSchema } from "~/domain/sign-in-factor-forms";
import { FACTORS_PATH, PASSKEY_OPTIONS_PATH } from "~/domain/sign-in-factors";
import { useTranslation } from "~/i18n/react";
import { PasskeyAssertButton, useCanUsePasskeys } from "./passkey-assert";
import * as styles from "./profile.css";
import type { FactorStepView } from "./step-factor";
import { StepNotice } from "./step-notice";

/** How to confirm it's them: the phone's channels, the app when it is set up, or a passkey. */
export function VerifyPickStep({ view }: { view: FactorStepView }) {
  const { t } = useTranslation("profile");
  const { methods, phone, reply } = view;
  // A passkey needs a browser that can use one: without it, a participant with no app would find no way on.
  const canUsePasskeys = useCanUsePasskeys();
  const [form, fields, picking] = useStepForm(VerifyPickSchema, "factor-verify-pick", "send-code", reply);
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={t("factors.errors.summaryTitle")} errors={summaryLinks([fields.method], t)} />
      {reply?.notice ? <StepNotice notice={reply.notice} values={reply.noticeValues} /> : null}
      <p>{t("factors.verify.intro")}</p>
      {view.oldNumberUnavailable ? <p>{t("factors.oldNumber.intro")}</p> : null}
      {methods.length === 0 ? null : (
        <ZodForm form={form} action={FACTORS_PATH} intent="send-code" translate={t}>
          <RadioGroup
            field={fields.method}
            legend={t("factors.verify.legend")}
            defaultValue={methods[0]}
            options={methods.map((method) => ({ value: method, label: t(`factors.verify.${method}`, { phone: phone ?? "" }) }))}
          />
          <FormActions submitLabel={t("factors.verify.continue")} busy={picking} />
        </ZodForm>
      )}
      {view.hasPasskeys ? <PasskeyAssertButton optionsPath={PASSKEY_OPTIONS_PATH} action={FACTORS_PATH} intent="verify-passkey" /> : null}
      {/* 'My current number can't receive codes': a new phone number confirmed with the app or a passkey instead. */}
      {view.oldNumberOffer === "app" || (view.oldNumberOffer === "passkey" && canUsePasskeys) ? (
        <IntentButton action={FACTORS_PATH} intent="old-number-unavailable" variant="link">
          {t("factors.oldNumber.offer")}
        </IntentButton>
      ) : null}
    </div>
  );
}
