import { renderPage } from "./document.tsx";
import { type Locale, translator } from "./i18n.ts";

/** RP-initiated logout: the button posts the provider's form; with the portal's valid id_token_hint a nonce'd script presses it. */
export function renderLogoutPage(options: { form: string; autoSubmit: boolean; nonce: string; locale: Locale; here?: string }): string {
  const t = translator(options.locale);
  return renderPage(
    {
      locale: options.locale,
      title: options.autoSubmit ? t("logout.title") : t("logout.question"),
      nonce: options.nonce,
      script: options.autoSubmit ? "document.getElementById('logout-continue').click();" : undefined,
      here: options.here,
    },
    <>
      {/* oidc-provider's own form (its action and xsrf field), kept as it writes it. */}
      <div dangerouslySetInnerHTML={{ __html: options.form }} />
      <div className="actions">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the one thing this page asks */}
        <button type="submit" id="logout-continue" form="op.logoutForm" name="logout" value="yes" autoFocus>
          {t("logout.continue")}
        </button>
        {options.autoSubmit ? null : (
          <button type="submit" form="op.logoutForm" className="secondary">
            {t("logout.stay")}
          </button>
        )}
      </div>
    </>,
  );
}

/** A page that says only what happened, with the way back to the portal: signed out, or a sign-in this browser lost. */
export function renderPortalLinkPage(texts: "signedOut" | "sessionLost", options: { locale: Locale; portalUrl: string; here?: string }) {
  const t = translator(options.locale);
  return renderPage(
    { locale: options.locale, title: t(`${texts}.title`), here: options.here },
    <>
      <p>{t(`${texts}.body`)}</p>
      <p>
        <a href={options.portalUrl}>{t(`${texts}.link`)}</a>
      </p>
    </>,
  );
}

export function renderOidcErrorPage(options: { locale: Locale; error: string; description?: string }): string {
  const t = translator(options.locale);
  return renderPage(
    { locale: options.locale, title: t("error.title") },
    <>
      <p>{t("error.body")}</p>
      <p>
        <code>{options.error}</code>
        {options.description ? ` – ${options.description}` : null}
      </p>
    </>,
  );
}
