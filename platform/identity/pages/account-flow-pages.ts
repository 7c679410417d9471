import { html } from "../domain/html.ts";
import { type Locale, translator } from "./i18n.ts";
import { errorSummary, type FieldError, notice, page, textField } from "./layout.ts";

const errorFor = (errors: readonly FieldError[], field: string) => errors.find((e) => e.field === field)?.message;

function backLink(locale: Locale, href: string) {
  return html`<ul class="links">
    <li><a href="${href}">${translator(locale)("form.backToSignIn")}</a></li>
  </ul>`;
}

export interface RegisterView {
  locale: Locale;
  uid: string;
  values?: { email?: string; firstName?: string; lastName?: string };
  errors?: FieldError[];
}

/** Registration form. Passwords are never echoed back into the page. */
export function renderRegisterPage(view: RegisterView): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  const values = view.values ?? {};
  return page({
    locale: view.locale,
    title: t("register.title"),
    hasErrors: errors.length > 0,
    body: html`${errorSummary(view.locale, errors)}
      <form method="post" action="/interaction/${view.uid}/register" novalidate>
        ${textField({ id: "email", name: "email", type: "email", label: t("form.emailLabel"), value: values.email, error: errorFor(errors, "email"), autocomplete: "email", autofocus: errors.length === 0 })}
        ${textField({ id: "firstName", name: "firstName", label: t("register.firstName"), value: values.firstName, error: errorFor(errors, "firstName"), autocomplete: "given-name" })}
        ${textField({ id: "lastName", name: "lastName", label: t("register.lastName"), value: values.lastName, error: errorFor(errors, "lastName"), autocomplete: "family-name" })}
        ${textField({ id: "password", name: "password", type: "password", label: t("password.label"), hint: t("password.hint"), error: errorFor(errors, "password"), autocomplete: "new-password" })}
        ${textField({ id: "confirmPassword", name: "confirmPassword", type: "password", label: t("password.confirmLabel"), error: errorFor(errors, "confirmPassword"), autocomplete: "new-password" })}
        <div class="actions"><button type="submit">${t("register.submit")}</button></div>
      </form>
      ${backLink(view.locale, `/interaction/${view.uid}`)}`,
  });
}

export interface CheckEmailView {
  locale: Locale;
  uid: string;
  email: string;
  resendInSeconds: number;
  message?: string;
  errors?: FieldError[];
}

/** After registering: open the e-mailed link, or type its code here (the originating browser). */
export function renderCheckEmailPage(view: CheckEmailView): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  const waiting = view.resendInSeconds > 0;
  return page({
    locale: view.locale,
    title: t("checkEmail.title"),
    hasErrors: errors.length > 0,
    body: html`${errorSummary(view.locale, errors)} ${notice(view.message)}
      <p>${t("checkEmail.intro", { email: view.email })}</p>
      <form method="post" action="/interaction/${view.uid}/register-code" novalidate>
        ${textField({
          id: "code",
          name: "code",
          label: t("checkEmail.code"),
          error: errorFor(errors, "code"),
          autocomplete: "one-time-code",
          inputmode: "numeric",
          placeholder: t("challenge.placeholder", { codeDigits: 6 }),
          autofocus: errors.length === 0,
        })}
        <div class="actions">
          <button type="submit" name="intent" value="verify">${t("checkEmail.submit")}</button>
          <button type="submit" name="intent" value="resend" class="secondary" ${waiting ? html` aria-describedby="resend-wait"` : ""}>
            ${t("checkEmail.resend")}
          </button>
        </div>
        ${waiting ? html`<p class="hint" id="resend-wait">${t("challenge.resendWait", { seconds: view.resendInSeconds })}</p>` : ""}
      </form>
      ${backLink(view.locale, `/interaction/${view.uid}`)}`,
  });
}

/** A page whose only content is one problem (refusals, bad links, expired flows, fallbacks). */
export function renderProblemPage(view: {
  locale: Locale;
  title: string;
  message: string;
  links: { href: string; label: string }[];
}): string {
  return page({
    locale: view.locale,
    title: view.title,
    body: html`<div class="error-summary" role="alert"><p>${view.message}</p></div>
      <ul class="links">
        ${view.links.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>`)}
      </ul>`,
  });
}

export interface EmailIdentifyView {
  locale: Locale;
  title: string;
  intro: string;
  action: string;
  backHref: string;
  email?: string;
  errors?: FieldError[];
}

/** First step of recovery and unlock: the account's e-mail address. */
export function renderEmailIdentifyPage(view: EmailIdentifyView): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  return page({
    locale: view.locale,
    title: view.title,
    hasErrors: errors.length > 0,
    body: html`${errorSummary(view.locale, errors)}
      <p>${view.intro}</p>
      <form method="post" action="${view.action}" novalidate>
        ${textField({ id: "email", name: "email", type: "email", label: t("form.emailLabel"), value: view.email, error: errorFor(errors, "email"), autocomplete: "username", autofocus: errors.length === 0 })}
        <div class="actions"><button type="submit">${t("form.continue")}</button></div>
      </form>
      ${backLink(view.locale, view.backHref)}`,
  });
}

/** Last step of recovery: the new password, twice. */
export function renderResetPasswordPage(view: {
  locale: Locale;
  action: string;
  backHref: string;
  errors?: FieldError[];
  message?: string;
}): string {
  const t = translator(view.locale);
  const errors = view.errors ?? [];
  return page({
    locale: view.locale,
    title: t("reset.title"),
    hasErrors: errors.length > 0,
    body: html`${errorSummary(view.locale, errors)}
      ${view.message ? html`<div class="error-summary" role="alert"><p>${view.message}</p></div>` : ""}
      <form method="post" action="${view.action}" novalidate>
        ${textField({ id: "password", name: "password", type: "password", label: t("reset.password"), hint: t("password.hint"), error: errorFor(errors, "password"), autocomplete: "new-password", autofocus: errors.length === 0 })}
        ${textField({ id: "confirmPassword", name: "confirmPassword", type: "password", label: t("reset.confirm"), error: errorFor(errors, "confirmPassword"), autocomplete: "new-password" })}
        <div class="actions"><button type="submit">${t("reset.submit")}</button></div>
      </form>
      ${backLink(view.locale, view.backHref)}`,
  });
}
