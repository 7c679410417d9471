import { Html, html } from "../domain/html.ts";
import { type Locale, translator } from "./i18n.ts";
import { page } from "./layout.ts";

/**
 * RP-initiated logout. The provider's form (with its xsrf field) is submitted by the button, so
 * it works without JavaScript; for the portal with a valid id_token_hint a nonce'd script presses it at once.
 */
export function renderLogoutPage(options: { form: string; autoSubmit: boolean; nonce: string; locale: Locale }): string {
  const t = translator(options.locale);
  return page({
    locale: options.locale,
    title: options.autoSubmit ? t("logout.title") : t("logout.question"),
    nonce: options.nonce,
    script: options.autoSubmit ? "document.getElementById('logout-continue').click();" : undefined,
    body: html`${new Html(options.form)}
      <div class="actions">
        <button type="submit" id="logout-continue" form="op.logoutForm" name="logout" value="yes" autofocus>${t("logout.continue")}</button>
        ${options.autoSubmit ? "" : html`<button type="submit" form="op.logoutForm" class="secondary">${t("logout.stay")}</button>`}
      </div>`,
  });
}

export function renderSignedOutPage(options: { locale: Locale; portalUrl: string }): string {
  const t = translator(options.locale);
  return page({
    locale: options.locale,
    title: t("signedOut.title"),
    body: html`<p>${t("signedOut.body")}</p>
      <p><a href="${options.portalUrl}">${t("signedOut.link")}</a></p>`,
  });
}

export function renderOidcErrorPage(options: { locale: Locale; error: string; description?: string }): string {
  const t = translator(options.locale);
  return page({
    locale: options.locale,
    title: t("error.title"),
    body: html`<p>${t("error.body")}</p>
      <p><code>${options.error}</code>${options.description ? html` – ${options.description}` : ""}</p>`,
  });
}
