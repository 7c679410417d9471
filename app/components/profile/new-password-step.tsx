import { ErrorSummary } from "~/components/error-summary";
import { FormActions } from "~/components/form-actions";
import { PasswordField } from "~/components/password-field";
import { useHydrated } from "~/components/use-hydrated";
import { summaryLinks, useStepForm, ZodForm } from "~/components/zod-form";
import { MIN_PASSWORD_LENGTH, NewPasswordSchema } from "~/domain/password-rules";
import { passwordStrength } from "~/domain/password-strength";
import { PASSWORD_UPDATE_PATH, type StepView } from "~/domain/password-update-view";
import { useTranslation } from "~/i18n/react";
import { PasswordStrengthMeter } from "./password-strength-meter";
import * as styles from "./profile.css";
import { StepNotice } from "./step-notice";
import { validateOnLeave } from "./validate-on-leave";

/** new-password: SPEC.md §5 rules, the strength meter, and the identity provider's own check. */
export function NewPasswordStep({ reply, username }: { reply: StepView["reply"]; username: string }) {
  const { t } = useTranslation("profile");
  const hydrated = useHydrated();
  const [form, fields, busy] = useStepForm(NewPasswordSchema, "password-update-new-password", "set-password", reply, "onInput");
  const typed = fields.password.value;
  const translate = (key: string) => t(key, { minPwLen: MIN_PASSWORD_LENGTH });
  // Live while typing with JavaScript. Without it there is none: the server never sends the password
  // back, and the strength of a password the field no longer holds would only confuse.
  const strength = hydrated && typed ? passwordStrength(typed) : null;
  const meterId = "new-password-strength";
  return (
    <div className={styles.form}>
      <ErrorSummary
        formId={form.id}
        title={t("update.summaryTitle")}
        errors={summaryLinks([fields.password, fields.confirmPassword], translate)}
      />
      {reply?.notice ? <StepNotice notice={reply.notice} values={reply.noticeValues} /> : null}
      <p>{t("newPassword.intro")}</p>
      <ZodForm form={form} action={PASSWORD_UPDATE_PATH} intent="set-password" translate={translate}>
        {/* Tells a password manager which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordField
          field={fields.password}
          {...validateOnLeave(form, fields.password.name)}
          label={t("newPassword.passwordLabel")}
          hint={t("newPassword.helper")}
          autoComplete="new-password"
          aria-describedby={strength ? meterId : undefined}
        />
        <PasswordStrengthMeter id={meterId} strength={strength} />
        <PasswordField
          field={fields.confirmPassword}
          {...validateOnLeave(form, fields.confirmPassword.name)}
          label={t("newPassword.confirmLabel")}
          autoComplete="new-password"
        />
        <FormActions submitLabel={t("newPassword.submit")} busy={busy} />
      </ZodForm>
    </div>
  );
}
