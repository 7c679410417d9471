import type { HumanCheckView } from "../captcha/human-check.ts";
import { WEBAUTHN_BROWSER_SCRIPT } from "../http/scripts.ts";
import { HUMAN_CHECK_SCRIPT } from "./human-check-field.tsx";
import { type Locale, translator } from "./i18n.ts";
import { Actions } from "./parts.tsx";

/** Asked for when failures pile up: the check's ticket, and the response's nonce for its script. */
export interface HumanCheckPart {
  humanCheck?: HumanCheckView;
  nonce?: string;
}

export const humanCheckScript = (view: HumanCheckPart) => (view.humanCheck ? { nonce: view.nonce, moduleSrc: HUMAN_CHECK_SCRIPT } : {});

/** 'Sign in as someone else': drops the identified account and starts again at the e-mail and password. */
export function SignInAsSomeoneElse({ locale, uid }: { locale: Locale; uid: string }) {
  return (
    <form method="post" action={`/interaction/${uid}/restart`} className="restart">
      <button type="submit" className="link-button">
        {translator(locale)("signIn.someoneElse")}
      </button>
    </form>
  );
}

/** The button is drawn disabled, so the links below do not move when this script enables it (or, without passkeys, hides it). */
const PASSKEY_SIGN_IN = `(() => {
  const box = document.getElementById("passkey-sign-in");
  if (!box) return;
  const lib = window.SimpleWebAuthnBrowser;
  if (!lib || !lib.browserSupportsWebAuthn()) {
    box.hidden = true;
    return;
  }
  const form = box.querySelector("form");
  form.querySelector("button").disabled = false;
  const status = box.querySelector("[role=status]");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      const answer = await fetch(form.dataset.options, { method: "POST", credentials: "same-origin" });
      const credential = await lib.startAuthentication({ optionsJSON: await answer.json() });
      form.elements.credential.value = JSON.stringify(credential);
      form.submit();
    } catch {
      button.disabled = false;
      status.textContent = box.dataset.failed;
    }
  });
})();`;

export function PasskeyPart({ locale, uid }: { locale: Locale; uid: string }) {
  const t = translator(locale);
  return (
    <div id="passkey-sign-in" className="passkey needs-script" data-failed={t("passkey.failed")}>
      <p>{t("passkey.or")}</p>
      <form method="post" action={`/interaction/${uid}/passkey`} data-options={`/interaction/${uid}/passkey-options`}>
        <input type="hidden" name="credential" value="" />
        <Actions>
          <button type="submit" className="secondary" disabled>
            {t("passkey.signIn")}
          </button>
        </Actions>
      </form>
      <p className="hint" role="status"></p>
    </div>
  );
}

export const passkeyScripts = (nonce: string | undefined) =>
  nonce ? { nonce, classicSrc: WEBAUTHN_BROWSER_SCRIPT, script: PASSKEY_SIGN_IN } : {};
