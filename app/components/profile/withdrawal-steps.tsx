import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { RadioGroup } from "~/components/radio-group";
import { CodeStep } from "~/components/verification/code-step";
import { summaryLinks, useStepForm, ZodForm } from "~/components/zod-form";
import { site } from "~/config/site";
import type { CodeStepView, StepAnswer } from "~/domain/verification";
import { WITHDRAW_PATH, WITHDRAWAL_CHOICES, type WithdrawalChoice } from "~/domain/withdrawal";
import { WithdrawalChoiceSchema } from "~/domain/withdrawal-form";
import { Trans, useTranslation } from "~/i18n/react";
import { NewTabLink } from "./new-tab-link";
import { AuthMethodRadios } from "./pick-step";
import * as styles from "./profile.css";
import { StepNotice } from "./step-notice";

/** Step one: the three choices, each with what it means, and how the code should come. */
export function WithdrawalChoiceStep({ reply, appAvailable }: { reply?: StepAnswer; appAvailable: boolean }) {
  const { t } = useTranslation("profile");
  const [form, fields, busy] = useStepForm(WithdrawalChoiceSchema, "withdrawal-choice", "send-code", reply);
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={t("withdraw.errors.summaryTitle")} errors={summaryLinks([fields.choice], t)} />
      {reply?.notice ? <StepNotice notice={reply.notice} /> : null}
      <p>{t("withdraw.intro")}</p>
      <ZodForm form={form} action={WITHDRAW_PATH} intent="send-code" translate={t}>
        <RadioGroup
          field={fields.choice}
          legend={t("withdraw.choiceLegend")}
          options={WITHDRAWAL_CHOICES.map((choice) => ({
            value: choice,
            label: (
              <span className={styles.choiceLabel}>
                <strong>{t(`withdraw.choices.${choice}.title`)}</strong>
                <span>{t(`withdraw.choices.${choice}.body`)}</span>
              </span>
            ),
          }))}
        />
        <AuthMethodRadios
          id={fields.authMethod.id}
          legend={t(appAvailable ? "pick.legendFactors" : "pick.legend")}
          appAvailable={appAvailable}
        />
        <FormActions
          submitLabel={t(appAvailable ? "pick.continue" : "withdraw.sendCode")}
          busy={busy}
          cancel={{ to: "/profile/studies", label: t("withdraw.cancel") }}
        />
      </ZodForm>
      <p>
        <Trans t={t} i18nKey="withdraw.privacyForm" components={{ form: <NewTabLink href={site.legal.privacyWebFormUrl} /> }} />
      </p>
    </div>
  );
}

/** The ways the code step can switch to when its text or call did not arrive (the withdrawal takes no passkey). */
const WITHDRAWAL_WAYS = ["sms", "voice", "totp", "recovery"] as const;

/** Step two: the code (the shared code step, with 'Resend code' and its lock where a code was sent), then the request is recorded. */
export function WithdrawalCodeStep({ view, reply }: { view: CodeStepView & { choice: WithdrawalChoice }; reply?: StepAnswer }) {
  const { t } = useTranslation("profile");
  return (
    <>
      <p>{t("withdraw.youChose", { choice: t(`withdraw.choices.${view.choice}.title`) })}</p>
      <CodeStep
        id="withdrawal-code"
        action={WITHDRAW_PATH}
        intent="verify"
        view={view}
        reply={reply}
        summaryTitle={t("withdraw.errors.summaryTitle")}
        submitLabel={t("withdraw.confirm")}
        switchable={WITHDRAWAL_WAYS}
        cancelLabel={t("withdraw.cancel")}
      />
    </>
  );
}
