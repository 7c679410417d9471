import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { Button } from "~/components/button";
import { useTranslation } from "~/i18n-react";
import * as styles from "./profile.css";

const noSubscription = () => () => {};

/** True once the page's script runs in a browser that can use passkeys; never on the server or during hydration. */
export function useCanUsePasskeys(): boolean {
  return useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => false);
}

/**
 * 'Use a passkey instead' of a code: the browser's WebAuthn call with the options from `optionsPath`,
 * then a plain form carries its answer to `action`. Shown only where it can work.
 */
export function PasskeyAssertButton({ optionsPath, action, intent }: { optionsPath: string; action: string; intent: string }) {
  const { t } = useTranslation("profile");
  const canUse = useCanUsePasskeys();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const credentialRef = useRef<HTMLInputElement>(null);
  if (!canUse) return null;
  async function use(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const answer = await fetch(optionsPath, { credentials: "same-origin" });
      if (!answer.ok) throw new Error("no options");
      const credential = await startAuthentication({ optionsJSON: await answer.json() });
      credentialRef.current!.value = JSON.stringify(credential);
      formRef.current!.submit();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }
  return (
    <form ref={formRef} method="post" action={action} onSubmit={use} className={styles.form}>
      <input type="hidden" name="intent" value={intent} />
      <input ref={credentialRef} type="hidden" name="credential" value="" />
      <div className={styles.actions}>
        <Button type="submit" variant="outlined" loading={busy}>
          {t("factors.passkeys.useInstead")}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className={styles.paragraph}>
          {t("factors.passkeys.useFailed")}
        </p>
      ) : null}
    </form>
  );
}
