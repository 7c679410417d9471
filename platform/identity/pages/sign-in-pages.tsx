import { type Channel, codeLength } from "../domain/codes.ts";
import { WEBAUTHN_BROWSER_SCRIPT } from "../http/scripts.ts";
import { renderPage } from "./document.tsx";
import { HUMAN_CHECK_SCRIPT, HumanCheckField, type HumanCheckView } from "./human-check-field.tsx";
import { type Locale, translator } from "./i18n.ts";
import { Actions, ErrorSummary, type FieldError, Links, Notice, TextField } from "./parts.tsx";

/** Asked for when failures pile up: the check's ticket, and the response's nonce for its script. */
export interface HumanCheckPart {
  humanCheck?: HumanCheckView;
  nonce?: string;
}

const humanCheckScript = (view: HumanCheckPart) => (view.humanCheck ? { nonce: view.nonce, moduleSrc: HUMAN_CHECK_SCRIPT } : {});

const errorFor = (errors: readonly FieldError[], field: string) => errors.find((e) => e.field === field)?.message;

/**
 * 'Sign in as someone else': drops the account this sign-in has identified and starts again at the
 * e-mail and password, for a participant who typed the wrong account's details or cannot go on.
 */
export function SignInAsSomeoneElse({ locale, uid }: { locale: Locale; uid: string }) {
  return (
    <form method="post" action={`/interaction/${uid}/restart`} className="restart">
      <button type="submit" className="link-button">
        {translator(locale)("signIn.someoneElse")}
      </button>
    </form>
  );
}

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
  /** The status code the page is sent with (an error shown after a redirect keeps its 4xx). */
  status?: number;
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

function PasskeyPart({ locale, uid }: { locale: Locale; uid: string }) {
  const t = translator(locale);
  return (
    <div id="passkey-sign-in" className="passkey" hidden data-failed={t("passkey.failed")}>
      <p>{t("passkey.or")}</p>
      <form method="post" action={`/interaction/${uid}/passkey`} data-options={`/interaction/${uid}/passkey-options`}>
        <input type="hidden" name="credential" value="" />
        <Actions>
          <button type="submit" className="secondary">
            {t("passkey.signIn")}
          </button>
        </Actions>
      </form>
      <p className="hint" role="status"></p>
    </div>
  );
}

const passkeyScripts = (nonce: string | undefined) =>
  nonce ? { nonce, classicSrc: WEBAUTHN_BROWSER_SCRIPT, script: PASSKEY_SIGN_IN } : {};

export function renderIdentifyPage(view: IdentifyView): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  return renderPage(
    {
      locale: view.locale,
      title: t("identify.title"),
      hasErrors: errors.length > 0,
      here: `/interaction/${view.uid}`,
      ...humanCheckScript(view),
      ...passkeyScripts(view.nonce),
    },
    <>
      <ErrorSummary locale={view.locale} errors={errors} />
      <Notice message={view.message} />
      {view.passwordCapped ? (
        <p className="reset-needed">
          <a href={view.links.recover}>{t("identify.resetPasswordLink")}</a>
        </p>
      ) : null}
      <form method="post" action={`/interaction/${view.uid}/identify`} noValidate>
        <TextField
          id="username"
          name="username"
          type="email"
          label={t("identify.username")}
          value={view.username}
          error={errorFor(errors, "username")}
          autoComplete="username"
          focusFirst={errors.length === 0}
        />
        <TextField
          id="password"
          name="password"
          type="password"
          label={t("identify.password")}
          error={errorFor(errors, "password")}
          autoComplete="current-password"
        />
        <div className="choice">
          <input
            type="checkbox"
            id="rememberMe"
            name="rememberMe"
            value="true"
            aria-describedby="rememberMe-hint"
            defaultChecked={view.remember}
          />
          <label htmlFor="rememberMe">{t("identify.rememberMe")}</label>
        </div>
        <p className="hint" id="rememberMe-hint">
          {t("identify.rememberMeHint")}
        </p>
        <HumanCheckField locale={view.locale} view={view.humanCheck} buttonLabel={t("identify.submit")} />
        <Actions>
          <button type="submit">{t("identify.submit")}</button>
        </Actions>
      </form>
      {view.nonce ? <PasskeyPart locale={view.locale} uid={view.uid} /> : null}
      <Links
        links={[
          view.links.register ? { href: view.links.register, label: t("identify.createAccount") } : null,
          { href: view.links.recover, label: t("identify.forgotPassword") },
          view.links.unlock ? { href: view.links.unlock, label: t("identify.unlockAccount") } : null,
        ]}
      />
    </>,
  );
}

const methodLabel = { sms: "select.sms", voice: "select.voice", totp: "select.totp" } as const;

export interface SelectAuthenticatorView {
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
  /** Where the page is shown again with a GET (default: the sign-in's own address). */
  here?: string;
  /** In the sign-in itself (not recovery): offer 'Sign in as someone else'. */
  restart?: boolean;
}

export function renderSelectAuthenticatorPage(view: SelectAuthenticatorView): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  const chosen = view.chosen && view.methods.includes(view.chosen) ? view.chosen : view.methods[0];
  const submitLabel = t(view.methods.includes("totp") ? "select.continue" : "select.submit");
  const idOf = (method: Channel | "totp", index: number) => (index === 0 ? "authMethod" : `authMethod-${method}`);
  return renderPage(
    {
      locale: view.locale,
      title: t("select.title"),
      hasErrors: errors.length > 0,
      here: view.here ?? `/interaction/${view.uid}`,
      ...humanCheckScript(view),
      ...passkeyScripts(view.passkeyNonce),
    },
    <>
      <ErrorSummary locale={view.locale} errors={errors} />
      <Notice message={view.message} />
      <p>{view.intro ?? t("select.intro", { phone: view.maskedPhone })}</p>
      {view.methods.length === 0 ? null : (
        <form method="post" action={view.action} noValidate>
          <fieldset className={errors.length ? "field-error" : undefined}>
            <legend>{t("select.legend")}</legend>
            {view.methods.map((method, index) => (
              <div className="choice" key={method}>
                <input type="radio" id={idOf(method, index)} name="authMethod" value={method} defaultChecked={method === chosen} />
                <label htmlFor={idOf(method, index)}>{t(methodLabel[method])}</label>
              </div>
            ))}
          </fieldset>
          <HumanCheckField locale={view.locale} view={view.humanCheck} buttonLabel={submitLabel} why={view.humanCheckWhy} />
          <Actions>
            <button type="submit">{submitLabel}</button>
          </Actions>
        </form>
      )}
      {view.passkeyNonce ? <PasskeyPart locale={view.locale} uid={view.uid} /> : null}
      <Links
        links={[
          view.recoveryHref ? { href: view.recoveryHref, label: t("select.useRecoveryCode") } : null,
          view.backHref ? { href: view.backHref, label: t("form.backToSignIn") } : null,
        ]}
      />
      {view.restart ? <SignInAsSomeoneElse locale={view.locale} uid={view.uid} /> : null}
    </>,
  );
}

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
  /** In the sign-in itself (not recovery): the interaction, to offer 'Sign in as someone else'. */
  restartUid?: string;
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
  return renderPage(
    {
      locale: view.locale,
      title: t("challenge.title"),
      hasErrors: errors.length > 0,
      here: view.checkHref,
      nonce: view.nonce,
      script: waiting ? RESEND_COUNTDOWN : undefined,
    },
    <>
      <ErrorSummary locale={view.locale} errors={errors} />
      <Notice message={view.message} />
      <p>{view.intro ?? intro}</p>
      <form method="post" action={view.action} noValidate>
        <TextField
          id="code"
          name="code"
          label={t("challenge.code")}
          value={view.code}
          error={errorFor(errors, "code")}
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder={t("challenge.placeholder", { codeDigits: digits })}
          focusFirst={errors.length === 0}
        />
        <Actions>
          <button type="submit" name="intent" value="verify">
            {t("challenge.submit")}
          </button>
          {fromApp || view.resendRefused ? null : (
            <button
              type="submit"
              name="intent"
              value="resend"
              id="resend-code"
              className="secondary"
              disabled={waiting || undefined}
              aria-describedby={waiting ? "resend-wait" : undefined}
            >
              {t("challenge.resend")}
            </button>
          )}
        </Actions>
        {waiting ? (
          <>
            <p
              className="hint"
              id="resend-wait"
              data-seconds={String(view.resendInSeconds)}
              data-template={t("challenge.resendWait", { seconds: "{seconds}" })}
              data-ready={t("challenge.resendReady")}
            >
              {t("challenge.resendWait", { seconds: view.resendInSeconds })}
            </p>
            <p className="hint" id="resend-check">
              <a href={view.checkHref ?? ""}>{t("challenge.resendCheck")}</a>
            </p>
          </>
        ) : null}
      </form>
      <Links
        links={[
          view.changeMethodHref ? { href: view.changeMethodHref, label: t("challenge.changeMethod") } : null,
          view.recoveryHref ? { href: view.recoveryHref, label: t("select.useRecoveryCode") } : null,
          view.changeNumberHref ? { href: view.changeNumberHref, label: t("challenge.changeNumber") } : null,
        ]}
      />
      {view.restartUid ? <SignInAsSomeoneElse locale={view.locale} uid={view.restartUid} /> : null}
    </>,
  );
}

export function renderEnrolPage(view: { locale: Locale; uid: string; phone?: string; errors?: FieldError[] } & HumanCheckPart): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  return renderPage(
    {
      locale: view.locale,
      title: t("enrol.title"),
      hasErrors: errors.length > 0,
      here: `/interaction/${view.uid}`,
      ...humanCheckScript(view),
    },
    <>
      <ErrorSummary locale={view.locale} errors={errors} />
      <p>{t("enrol.intro")}</p>
      <form method="post" action={`/interaction/${view.uid}/enrol`} noValidate>
        <TextField
          id="phoneNumber"
          name="phoneNumber"
          type="tel"
          label={t("enrol.phone")}
          hint={t("enrol.phoneHint")}
          value={view.phone}
          error={errorFor(errors, "phoneNumber")}
          autoComplete="tel"
          focusFirst={errors.length === 0}
        />
        <HumanCheckField locale={view.locale} view={view.humanCheck} buttonLabel={t("enrol.submit")} />
        <Actions>
          <button type="submit">{t("enrol.submit")}</button>
        </Actions>
      </form>
      <SignInAsSomeoneElse locale={view.locale} uid={view.uid} />
    </>,
  );
}

export function renderRecoveryCodePage(view: { locale: Locale; uid: string; errors?: FieldError[]; backHref: string }): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  return renderPage(
    {
      locale: view.locale,
      title: t("recoveryCode.title"),
      hasErrors: errors.length > 0,
      here: `/interaction/${view.uid}/recovery-code`,
    },
    <>
      <ErrorSummary locale={view.locale} errors={errors} />
      <p>{t("recoveryCode.intro")}</p>
      <form method="post" action={`/interaction/${view.uid}/recovery-code`} noValidate>
        <TextField
          id="recoveryCode"
          name="recoveryCode"
          label={t("recoveryCode.label")}
          hint={t("recoveryCode.hint")}
          error={errorFor(errors, "recoveryCode")}
          autoComplete="off"
          focusFirst={errors.length === 0}
        />
        <Actions>
          <button type="submit">{t("recoveryCode.submit")}</button>
        </Actions>
      </form>
      <Links links={[{ href: view.backHref, label: t("recoveryCode.back") }]} />
      <SignInAsSomeoneElse locale={view.locale} uid={view.uid} />
    </>,
  );
}

/** The sign-in cannot go on in this browser (finished, expired, another browser): back to the portal. */
export function renderSessionLostPage(locale: Locale, portalUrl: string, here?: string): string {
  const t = translator(locale);
  return renderPage(
    { locale, title: t("sessionLost.title"), here },
    <>
      <p>{t("sessionLost.body")}</p>
      <p>
        <a href={portalUrl}>{t("sessionLost.link")}</a>
      </p>
    </>,
  );
}
