import { useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { FormActions } from "~/components/form-actions";
import { useTranslation } from "~/i18n/react";
import * as styles from "./profile.css";

const noSubscription = () => () => {};

/** Asked without WebAuthn's library, which loads only when a ceremony starts, so Login & Security's script stays small. */
const browserSupportsWebAuthn = () => typeof window.PublicKeyCredential === "function";

/** True once the page's script runs in a browser that can use passkeys; never on the server or during hydration. */
export function useCanUsePasskeys(): boolean {
  return useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => false);
}

/** Whether to offer making a passkey: from the server on (so the page does not move), until the browser proves unable. */
export function useMayMakePasskeys(): boolean {
  return useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => true);
}

/** A form whose submit runs a WebAuthn ceremony first, then posts the browser's answer in its hidden `credential` field. */
export function useWebAuthnForm(optionsPath: string, ceremony: "register" | "authenticate") {
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const credentialRef = useRef<HTMLInputElement>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      const browser = await import("@simplewebauthn/browser");
      const answer = await fetch(optionsPath, { credentials: "same-origin" });
      if (!answer.ok) throw new Error("no options");
      const optionsJSON = await answer.json();
      const credential =
        ceremony === "register" ? await browser.startRegistration({ optionsJSON }) : await browser.startAuthentication({ optionsJSON });
      credentialRef.current!.value = JSON.stringify(credential);
      formRef.current!.submit();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }
  return { formRef, credentialRef, busy, failed, onSubmit };
}

/** 'Use a passkey instead' of a code, shown only where it can work. */
export function PasskeyAssertButton({ optionsPath, action, intent }: { optionsPath: string; action: string; intent: string }) {
  const { t } = useTranslation("profile");
  const canUse = useCanUsePasskeys();
  const { formRef, credentialRef, busy, failed, onSubmit } = useWebAuthnForm(optionsPath, "authenticate");
  if (!canUse) return null;
  return (
    <form ref={formRef} method="post" action={action} onSubmit={onSubmit} className={styles.form}>
      <input type="hidden" name="intent" value={intent} />
      <input ref={credentialRef} type="hidden" name="credential" value="" />
      <FormActions submitLabel={t("factors.passkeys.useInstead")} variant="outlined" busy={busy} />
      {failed ? <p role="alert">{t("factors.passkeys.useFailed")}</p> : null}
    </form>
  );
}
