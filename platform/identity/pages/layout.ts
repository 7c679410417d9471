import { Html, html } from "../domain/html.ts";
import { type Locale, programName, translate } from "./i18n.ts";

export interface FieldError {
  field: string;
  message: string;
}

/** GOV.UK-style summary: every error links to its field; script-free, focused via autofocus. */
export function errorSummary(locale: Locale, errors: readonly FieldError[]): Html {
  if (errors.length === 0) return html``;
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
    <h2 id="error-summary-title">${translate(locale, "errorSummaryTitle")}</h2>
    <ul>
      ${errors.map((e) => html`<li><a href="#${e.field}">${e.message}</a></li>`)}
    </ul>
  </div>`;
}

export function notice(message: string | undefined): Html {
  return message ? html`<div class="notice" role="status">${message}</div>` : html``;
}

export function page(options: {
  locale: Locale;
  title: string;
  body: Html;
  nonce?: string;
  script?: string;
  /** A classic script served by the identity provider, run before `script` (a library it uses). */
  classicSrc?: string;
  /** A module script served by the identity provider, loaded with the response's nonce. */
  moduleSrc?: string;
  hasErrors?: boolean;
}): string {
  const title = `${options.hasErrors ? "Error: " : ""}${options.title} – ${programName(options.locale)}`;
  return html`<!DOCTYPE html>
    <html lang="${options.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <link rel="stylesheet" href="/assets/identity.css" />
      </head>
      <body>
        <a class="skip-link" href="#main">${translate(options.locale, "skipToContent")}</a>
        <header class="header"><span class="brand">${programName(options.locale)}</span></header>
        <main id="main" class="main">
          <h1>${options.title}</h1>
          ${options.body}
        </main>
        ${options.classicSrc && options.nonce ? html`<script nonce="${options.nonce}" src="${options.classicSrc}"></script>` : ""}
        ${options.script && options.nonce ? new Html(`<script nonce="${options.nonce}">${options.script}</script>`) : ""}
        ${options.moduleSrc && options.nonce ? html`<script type="module" nonce="${options.nonce}" src="${options.moduleSrc}"></script>` : ""}
      </body>
    </html>`.value;
}

export function textField(options: {
  id: string;
  name: string;
  label: string;
  type?: string;
  value?: string;
  error?: string;
  hint?: string;
  autocomplete?: string;
  inputmode?: string;
  placeholder?: string;
  autofocus?: boolean;
}): Html {
  const describedBy = [options.hint ? `${options.id}-hint` : "", options.error ? `${options.id}-error` : ""].filter(Boolean).join(" ");
  return html`<div class="field${options.error ? " field-error" : ""}">
    <label for="${options.id}">${options.label}</label>
    ${options.hint ? html`<p class="hint" id="${options.id}-hint">${options.hint}</p>` : ""}
    ${options.error ? html`<p class="error-message" id="${options.id}-error">${options.error}</p>` : ""}
    <input
      id="${options.id}"
      name="${options.name}"
      type="${options.type ?? "text"}"
      value="${options.value ?? ""}"
      ${options.autocomplete ? html`autocomplete="${options.autocomplete}"` : ""}
      ${options.inputmode ? html`inputmode="${options.inputmode}"` : ""}
      ${options.placeholder ? html`placeholder="${options.placeholder}"` : ""}
      ${describedBy ? html`aria-describedby="${describedBy}"` : ""}
      ${options.error ? html`aria-invalid="true"` : ""}
      ${options.autofocus ? html`autofocus` : ""}
    />
  </div>`;
}

/**
 * English/Español as a GET form (no JavaScript needed): the page again in the chosen language, which
 * is then kept for the pages that follow. The label is in the page's language; only each visible
 * name carries the language it names (WCAG 3.1.2).
 */
export function languageSwitch(locale: Locale, action: string): Html {
  const locales: Locale[] = ["en", "es"];
  return html`<form method="get" action="${action}" class="language-switch" aria-label="${translate(locale, "language.label")}">
    ${locales.map((each) =>
      each === locale
        ? html`<button type="submit" name="lang" value="${each}" aria-pressed="true">
            <span lang="${each}">${translate(locale, `language.${each}`)}</span>
          </button>`
        : html`<button
            type="submit"
            name="lang"
            value="${each}"
            aria-pressed="false"
            aria-label="${translate(locale, "language.change", { language: translate(locale, `language.${each}`) })}"
          >
            <span lang="${each}">${translate(locale, `language.${each}`)}</span>
          </button>`,
    )}
  </form>`;
}
