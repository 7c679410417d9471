import type { ReactNode } from "react";
import { Link } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { IntentButton } from "~/components/intent-button";
import * as styles from "~/components/profile/profile.css";
import { StepNotice } from "~/components/profile/step-notice";
import { validateOnLeave } from "~/components/profile/validate-on-leave";
import { TextInput } from "~/components/text-input";
import { summaryLinks, useStepForm, ZodForm } from "~/components/zod-form";
import { authCodeSchema, codeDigits, sendsNothing } from "~/domain/auth-code";
import type { OtherWay } from "~/domain/code-help";
import type { CodeStepView, StepAnswer } from "~/domain/verification";
import { useTranslation } from "~/i18n/react";
import { CodeHelp } from "./code-help";
import { DeliveryProblem } from "./delivery-problem";
import { ResendControl } from "./resend-control";

export type CodeStepProps = {
  id: string;
  action: string;
  intent: string;
  view: CodeStepView;
  reply?: StepAnswer;
  summaryTitle: string;
  submitLabel: string;
  /** What the step says above the field (default: where the code went, or the app's). */
  intro?: ReactNode;
  /** 'Cancel' (intent 'cancel' to the same action), after 'Resend code'. */
  cancelLabel?: string;
  /** The other ways this flow can switch to from its code step (intent 'other-way') when a text or call did not arrive. */
  switchable?: readonly OtherWay[];
};

const introKeys = { sms: "code.introSms", voice: "code.introVoice", totp: "code.introTotp", recovery: "code.introRecovery" } as const;

/**
 * Every verification's code step (SPEC.md §5: 6 digits by text or app, 5 by voice), with 'Resend code' and
 * its lock and 'Didn't get a code?' where a code was sent. Key it by the resend time so a new code starts clean.
 */
export function CodeStep(props: CodeStepProps) {
  const { t } = useTranslation("profile");
  const { action, intent, view, reply } = props;
  const { method, phoneNumber: phone } = view;
  const [form, fields, submitting] = useStepForm(authCodeSchema(method), props.id, intent, reply, "onInput");
  const digits = codeDigits(method);
  return (
    <div className={styles.form}>
      <ErrorSummary formId={form.id} title={props.summaryTitle} errors={summaryLinks([fields.authCode], t)} />
      {reply?.notice ? <StepNotice notice={reply.notice} values={reply.noticeValues} /> : null}
      {view.delivery && !sendsNothing(method) ? (
        <DeliveryProblem problem={view.delivery} view={view} action={action} switchable={props.switchable ?? []} />
      ) : null}
      {reply?.resent ? <p role="status">{t("code.resent")}</p> : null}
      <p>{props.intro ?? t(introKeys[method], { phone, codeDigits: digits })}</p>
      <ZodForm form={form} action={action} intent={intent} translate={t}>
        <TextInput
          field={fields.authCode}
          {...validateOnLeave(form, fields.authCode.name)}
          label={t(method === "recovery" ? "code.recoveryLabel" : "code.label")}
          placeholder={method === "recovery" ? t("code.recoveryPlaceholder") : t("code.placeholder", { codeDigits: digits })}
          code
          {...(method === "recovery" ? { inputMode: "text" as const, autoComplete: "off", autoCapitalize: "characters" } : {})}
        />
        <FormActions submitLabel={props.submitLabel} busy={submitting} />
      </ZodForm>
      {/* The app's code and a recovery code are never sent: nothing to resend and nothing that failed to arrive. */}
      {sendsNothing(method) ? null : (
        <>
          <ResendControl action={action} secondsLeft={view.resendSecondsLeft} />
          <noscript>
            <Link to={action}>{t("code.checkAgain")}</Link>
          </noscript>
          <CodeHelp view={view} checkHref={action} />
        </>
      )}
      {props.cancelLabel ? (
        <IntentButton action={action} intent="cancel" variant="outlined">
          {props.cancelLabel}
        </IntentButton>
      ) : null}
    </div>
  );
}
