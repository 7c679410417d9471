import { FormActions } from "~/components/form-actions";
import { TextInput } from "~/components/text-input";
import { useHydrated } from "~/components/use-hydrated";
import { FACTORS_PATH, PASSKEY_OPTIONS_PATH } from "~/domain/sign-in-factors";
import type { StepAnswer } from "~/domain/verification";
import { useTranslation } from "~/i18n/react";
import { useWebAuthnForm } from "./passkey-assert";
import * as styles from "./profile.css";
import { StepNotice } from "./step-notice";

/** Creating the passkey with the identity provider's options; a plain form carries the answer. Reached only where the browser can. */
export function PasskeyCreateStep({ reply }: { reply?: StepAnswer }) {
  const { t } = useTranslation("profile");
  const hydrated = useHydrated();
  const { formRef, credentialRef, busy, failed, onSubmit } = useWebAuthnForm(PASSKEY_OPTIONS_PATH, "register");
  return (
    <div className={styles.form}>
      {reply?.notice ? <StepNotice notice={reply.notice} /> : null}
      {failed ? <p role="alert">{t("factors.passkeys.failed")}</p> : null}
      {hydrated ? (
        <form ref={formRef} method="post" action={FACTORS_PATH} onSubmit={onSubmit} className={styles.form}>
          <input type="hidden" name="intent" value="register-passkey" />
          <input ref={credentialRef} type="hidden" name="credential" value="" />
          <p>{t("factors.passkeys.createIntro")}</p>
          <TextInput
            name="name"
            label={t("factors.passkeys.name")}
            defaultValue={t("factors.passkeys.defaultName")}
            maxLength={60}
            required
          />
          <FormActions submitLabel={t("factors.passkeys.create")} busy={busy} />
        </form>
      ) : (
        <p>{t("factors.passkeys.needsScript")}</p>
      )}
    </div>
  );
}
