import { type Channel, codeLength } from "../domain/codes.ts";
import { html } from "../domain/html.ts";
import { WEBAUTHN_BROWSER_SCRIPT } from "../http/scripts.ts";
import { HUMAN_CHECK_SCRIPT, humanCheckField, type HumanCheckView } from "./human-check-field.ts";
import { type Locale, translator } from "./i18n.ts";
import { errorSummary, type FieldError, languageSwitch, notice, page, textField } from "./layout.ts";

/** Asked for when failures pile up: the check's ticket, and the response's nonce for its script. */
export interface HumanCheckPart {
  humanCheck?: HumanCheckView;
  nonce?: string;
}

const humanCheckScript = (view: HumanCheckPart) => (view.humanCheck ? { nonce: view.nonce, moduleSrc: HUMAN_CHECK_SCRIPT } : {});

export interface IdentifyView extends HumanCheckPart {
  locale: Locale;
  uid: string;
  username?: string;
  remember?: boolean;
  errors?: FieldError[];
  /** A confirmation shown above the form (e.g. after an unlock). */
  message?: string;
  links: { register?: string; recover: string; unlock?: string };
  /** Too many wrong passwords in a row: the password must be reset first (a link to 'Forgot password?' under the error). */
  passwordCapped?: boolean;
}

/**
 * The passkey button: hidden in the HTML, shown by this script only where the browser can use a
 * passkey, so a page without JavaScript never offers one that cannot work.
 */
const PASSKEY_SIGN_IN = `(() => {
  const box = document.getElementById("passkey-sign-in");
  const lib = window.SimpleWebAuthnBrowser;
  if (!box || !lib || !lib.browserSupportsWebAuthn()) return;
  box.hidden = false;
  const form = box.querySelector("form");
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

function passkeyPart(view: { locale: Locale; uid: string }) {
  const t = translator(view.locale);
  return html`<div id="passkey-sign-in" class="passkey" hidden data-failed="${t("passkey.failed")}">
    <p>${t("passkey.or")}</p>
    <form method="post" action="/interaction/${view.uid}/passkey" data-options="/interaction/${view.uid}/passkey-options">
      <input type="hidden" name="credential" value="" />
      <div class="actions"><button type="submit" class="secondary">${t("passkey.signIn")}</button></div>
    </form>
    <p class="hint" role="status"></p>
  </div>`;
}

export function renderIdentifyPage(view: IdentifyView): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  const errorFor = (field: string) => errors.find((e) => e.field === field)?.message;
  return page({
    locale: view.locale,
    title: t("identify.title"),
    hasErrors: errors.length > 0,
    ...humanCheckScript(view),
    ...(view.nonce ? { nonce: view.nonce, classicSrc: WEBAUTHN_BROWSER_SCRIPT, script: PASSKEY_SIGN_IN } : {}),
    body: html`${errorSummary(view.locale, errors)} ${notice(view.message)}
      ${view.passwordCapped ? html`<p class="reset-needed"><a href="${view.links.recover}">${t("identify.resetPasswordLink")}</a></p>` : ""}
      <form method="post" action="/interaction/${view.uid}/identify" novalidate>
        ${textField({ id: "username", name: "username", type: "email", label: t("identify.username"), value: view.username, error: errorFor("username"), autocomplete: "username", autofocus: errors.length === 0 })}
        ${textField({ id: "password", name: "password", type: "password", label: t("identify.password"), error: errorFor("password"), autocomplete: "current-password" })}
        <div class="choice">
          <input
            type="checkbox"
            id="rememberMe"
            name="rememberMe"
            value="true"
            aria-describedby="rememberMe-hint"
            ${view.remember ? html`checked` : ""}
          />
          <label for="rememberMe">${t("identify.rememberMe")}</label>
        </div>
        <p class="hint" id="rememberMe-hint">${t("identify.rememberMeHint")}</p>
        ${humanCheckField(view.locale, view.humanCheck, t("identify.submit"))}
        <div class="actions"><button type="submit">${t("identify.submit")}</button></div>
      </form>
      ${view.nonce ? passkeyPart(view) : ""}
      <ul class="links">
        ${view.links.register ? html`<li><a href="${view.links.register}">${t("identify.createAccount")}</a></li>` : ""}
        <li><a href="${view.links.recover}">${t("identify.forgotPassword")}</a></li>
        ${view.links.unlock ? html`<li><a href="${view.links.unlock}">${t("identify.unlockAccount")}</a></li>` : ""}
      </ul>
      ${languageSwitch(view.locale, `/interaction/${view.uid}`)}`,
  });
}

export function renderSelectAuthenticatorPage(view: {
  locale: Locale;
  uid: string;
  action: string;
  maskedPhone: string;
  methods: Array<Channel | "totp">;
  errors?: FieldError[];
  /** Replaces the sentence naming the phone (flows that must not reveal an account). */
  intro?: string;
  backHref?: string;
  /** The way to sign in with a recovery code, when the account has some left. */
  recoveryHref?: string;
  /** The method to show chosen (default: the first). */
  chosen?: Channel | "totp";
  /** Why nothing was sent yet (e.g. when a new code can be sent). */
  message?: string;
  /** The response's nonce when the account has a passkey to offer (a code could not be sent). */
  passkeyNonce?: string;
  /** The security check, when each code sent from this page needs one (recovery without a password). */
  humanCheck?: HumanCheckView;
  /** Why the check is asked (default: after many failures). */
  humanCheckWhy?: string;
  nonce?: string;
}): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  const chosen = view.chosen && view.methods.includes(view.chosen) ? view.chosen : view.methods[0];
  const submitLabel = t(view.methods.includes("totp") ? "select.continue" : "select.submit");
  return page({
    locale: view.locale,
    title: t("select.title"),
    hasErrors: errors.length > 0,
    ...humanCheckScript(view),
    ...(view.passkeyNonce ? { nonce: view.passkeyNonce, classicSrc: WEBAUTHN_BROWSER_SCRIPT, script: PASSKEY_SIGN_IN } : {}),
    body: html`${errorSummary(view.locale, errors)} ${notice(view.message)}
      <p>${view.intro ?? t("select.intro", { phone: view.maskedPhone })}</p>
      ${
        view.methods.length === 0
          ? ""
          : html`<form method="post" action="${view.action}" novalidate>
  <fieldset${errors.length ? html` class="field-error"` : ""}>
    <legend>${t("select.legend")}</legend>
    ${view.methods.map(
      (method, index) =>
        html`<div class="choice">
          <input
            type="radio"
            id="${index === 0 ? "authMethod" : `authMethod-${method}`}"
            name="authMethod"
            value="${method}"
            ${method === chosen ? html`checked` : ""}
          />
          <label for="${index === 0 ? "authMethod" : `authMethod-${method}`}">${t(methodLabel[method])}</label>
        </div>`,
    )}
  </fieldset>
  ${humanCheckField(view.locale, view.humanCheck, submitLabel, view.humanCheckWhy)}
  <div class="actions"><button type="submit">${submitLabel}</button></div>
</form>`
      }
      ${view.passkeyNonce ? passkeyPart({ locale: view.locale, uid: view.uid }) : ""}
      ${
        view.backHref || view.recoveryHref
          ? html`<ul class="links">
              ${view.recoveryHref ? html`<li><a href="${view.recoveryHref}">${t("select.useRecoveryCode")}</a></li>` : ""}
              ${view.backHref ? html`<li><a href="${view.backHref}">${t("form.backToSignIn")}</a></li>` : ""}
            </ul>`
          : ""
      }`,
  });
}

const methodLabel = { sms: "select.sms", voice: "select.voice", totp: "select.totp" } as const;

export interface ChallengeView {
  locale: Locale;
  action: string;
  changeMethodHref?: string;
  /** While enrolling a phone: back to the number step, to correct a mistyped number. */
  changeNumberHref?: string;
  /** What the participant typed, shown again after a validation error (a code that was checked is not). */
  code?: string;
  /** A text, a call, or the authenticator app (no code is sent: no resend). */
  channel: Channel | "totp";
  maskedPhone: string;
  resendInSeconds: number;
  /** The way to sign in with a recovery code, when the account has some left. */
  recoveryHref?: string;
  message?: string;
  errors?: FieldError[];
  /** Replaces the sentence naming the phone (flows that must not reveal an account). */
  intro?: string;
  /** The page itself again (a GET): without JavaScript, how to see whether a new code can be asked for. */
  checkHref?: string;
  /** The response's CSP nonce, for the countdown that frees 'Resend code' with JavaScript. */
  nonce?: string;
  /** A spent sending budget refused the last code: 'Resend code' is not offered on this answer. */
  resendRefused?: boolean;
}

/**
 * While the server holds the resend lock: the button is disabled and says why; with JavaScript the
 * seconds count down and free it at 0; without, a link loads the page again to check.
 */
const RESEND_COUNTDOWN = `(() => {
  const wait = document.getElementById("resend-wait");
  const button = document.getElementById("resend-code");
  if (!wait || !button) return;
  document.getElementById("resend-check")?.setAttribute("hidden", "");
  let seconds = Number(wait.dataset.seconds);
  const timer = setInterval(() => {
    seconds -= 1;
    if (seconds > 0) {
      wait.textContent = wait.dataset.template.replace("{seconds}", String(seconds));
      return;
    }
    clearInterval(timer);
    button.disabled = false;
    wait.textContent = wait.dataset.ready;
  }, 1000);
})();`;

export function renderChallengePage(view: ChallengeView): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  const fromApp = view.channel === "totp";
  const digits = view.channel === "totp" ? 6 : codeLength(view.channel);
  const waiting = !fromApp && !view.resendRefused && view.resendInSeconds > 0;
  const intro = fromApp
    ? t("challenge.introTotp")
    : t(view.channel === "voice" ? "challenge.introVoice" : "challenge.introSms", { phone: view.maskedPhone });
  return page({
    locale: view.locale,
    title: t("challenge.title"),
    hasErrors: errors.length > 0,
    nonce: view.nonce,
    script: waiting ? RESEND_COUNTDOWN : undefined,
    body: html`${errorSummary(view.locale, errors)} ${notice(view.message)}
      <p>${view.intro ?? intro}</p>
      <form method="post" action="${view.action}" novalidate>
        ${textField({
          id: "code",
          name: "code",
          label: t("challenge.code"),
          value: view.code,
          error: errors.find((e) => e.field === "code")?.message,
          autocomplete: "one-time-code",
          inputmode: "numeric",
          placeholder: t("challenge.placeholder", { codeDigits: digits }),
          autofocus: errors.length === 0,
        })}
        <div class="actions">
          <button type="submit" name="intent" value="verify">${t("challenge.submit")}</button>
          ${
            fromApp || view.resendRefused
              ? ""
              : html`<button
                  type="submit"
                  name="intent"
                  value="resend"
                  id="resend-code"
                  class="secondary"
                  ${waiting ? html` disabled aria-describedby="resend-wait"` : ""}
                >
                  ${t("challenge.resend")}
                </button>`
          }
        </div>
        ${
          waiting
            ? html`<p
                  class="hint"
                  id="resend-wait"
                  data-seconds="${String(view.resendInSeconds)}"
                  data-template="${t("challenge.resendWait", { seconds: "{seconds}" })}"
                  data-ready="${t("challenge.resendReady")}"
                >
                  ${t("challenge.resendWait", { seconds: view.resendInSeconds })}
                </p>
                <p class="hint" id="resend-check"><a href="${view.checkHref ?? ""}">${t("challenge.resendCheck")}</a></p>`
            : ""
        }
      </form>
      ${
        view.changeMethodHref || view.changeNumberHref || view.recoveryHref
          ? html`<ul class="links">
              ${view.changeMethodHref ? html`<li><a href="${view.changeMethodHref}">${t("challenge.changeMethod")}</a></li>` : ""}
              ${view.recoveryHref ? html`<li><a href="${view.recoveryHref}">${t("select.useRecoveryCode")}</a></li>` : ""}
              ${view.changeNumberHref ? html`<li><a href="${view.changeNumberHref}">${t("challenge.changeNumber")}</a></li>` : ""}
            </ul>`
          : ""
      }`,
  });
}

export function renderEnrolPage(view: { locale: Locale; uid: string; phone?: string; errors?: FieldError[] } & HumanCheckPart): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  return page({
    locale: view.locale,
    title: t("enrol.title"),
    hasErrors: errors.length > 0,
    ...humanCheckScript(view),
    body: html`${errorSummary(view.locale, errors)}
      <p>${t("enrol.intro")}</p>
      <form method="post" action="/interaction/${view.uid}/enrol" novalidate>
        ${textField({ id: "phoneNumber", name: "phoneNumber", type: "tel", label: t("enrol.phone"), hint: t("enrol.phoneHint"), value: view.phone, error: errors.find((e) => e.field === "phoneNumber")?.message, autocomplete: "tel", autofocus: errors.length === 0 })}
        ${humanCheckField(view.locale, view.humanCheck, t("enrol.submit"))}
        <div class="actions"><button type="submit">${t("enrol.submit")}</button></div>
      </form>`,
  });
}

export function renderRecoveryCodePage(view: { locale: Locale; uid: string; errors?: FieldError[]; backHref: string }): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  return page({
    locale: view.locale,
    title: t("recoveryCode.title"),
    hasErrors: errors.length > 0,
    body: html`${errorSummary(view.locale, errors)}
      <p>${t("recoveryCode.intro")}</p>
      <form method="post" action="/interaction/${view.uid}/recovery-code" novalidate>
        ${textField({ id: "recoveryCode", name: "recoveryCode", label: t("recoveryCode.label"), hint: t("recoveryCode.hint"), error: errors.find((e) => e.field === "recoveryCode")?.message, autocomplete: "off", autofocus: errors.length === 0 })}
        <div class="actions"><button type="submit">${t("recoveryCode.submit")}</button></div>
      </form>
      <ul class="links">
        <li><a href="${view.backHref}">${t("recoveryCode.back")}</a></li>
      </ul>`,
  });
}

export function renderSessionLostPage(locale: Locale, portalUrl: string): string {
  const t = translator(locale);
  return page({
    locale,
    title: t("sessionLost.title"),
    body: html`<p>${t("sessionLost.body")}</p>
      <p><a href="${portalUrl}">${t("sessionLost.link")}</a></p>`,
  });
}
