import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Logo } from "../../../lib/design/logo.tsx";
import { legal, support } from "../../../lib/program/site.ts";
import { PRELOADED_FONT_PATH } from "../http/stylesheet.ts";
import { type Locale, programName, translate, translator } from "./i18n.ts";
import { ErrorSummary, type FieldError, FormErrors } from "./parts.tsx";

export interface PageOptions {
  locale: Locale;
  title: string;
  /** A form's refused fields: the title says so, and the error summary comes first, where it takes focus. */
  errors?: readonly FieldError[];
  /** The response's CSP nonce: every script of the page carries it. */
  nonce?: string;
  /** An inline script, run after `classicSrc`. */
  script?: string;
  /** A classic script served by the identity provider, run before `script` (a library it uses). */
  classicSrc?: string;
  moduleSrc?: string;
  /** Where this page is loaded again with a GET: the English/Español buttons ask for it; none, no switch. */
  here?: string;
  /** The interaction this page is a step of: 'Cancel' ends the sign-in and goes back to the portal signed out. */
  cancelUid?: string;
}

/** English/Español as a GET form (no JavaScript needed); only each visible name carries the language it names (WCAG 3.1.2). */
function LanguageSwitch({ locale, here }: { locale: Locale; here: string }) {
  const url = new URL(here, "http://identity.invalid");
  const kept = [...url.searchParams].filter(([name]) => name !== "lang");
  return (
    <form method="get" action={url.pathname} className="language-switch" aria-label={translate(locale, "language.label")}>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {(["en", "es"] as const).map((each) => (
        <button
          key={each}
          type="submit"
          name="lang"
          value={each}
          aria-pressed={each === locale}
          aria-label={
            each === locale ? undefined : translate(locale, "language.change", { language: translate(locale, `language.${each}`) })
          }
        >
          <span lang={each}>{translate(locale, `language.${each}`)}</span>
        </button>
      ))}
    </form>
  );
}

/** A plain form post, so it works without JavaScript: the interaction ends and the portal says the participant is signed out. */
function CancelSignIn({ locale, uid }: { locale: Locale; uid: string }) {
  return (
    <form method="post" action={`/interaction/${uid}/cancel`} className="cancel">
      <button type="submit" className="link-button">
        {translate(locale, "signIn.cancel")}
      </button>
    </form>
  );
}

function Footer({ locale }: { locale: Locale }) {
  const t = translator(locale);
  return (
    <footer className="footer">
      <p>
        {t("footer.help")} <a href={`tel:${support.phone}`}>{support.phoneDisplay}</a>
      </p>
      <ul className="footer-links">
        <li>
          <a href={support.helpCenterUrl}>{t("footer.helpCenter")}</a>
        </li>
        <li>
          <a href={legal.privacyPolicyUrl}>{t("footer.privacyPolicy")}</a>
        </li>
        <li>
          <a href={legal.termsOfServiceUrl}>{t("footer.terms")}</a>
        </li>
      </ul>
      <p className="footer-program">{programName(locale)}</p>
    </footer>
  );
}

/** Every hosted page: the portal's header with its logo, one heading, the language switch and the footer. */
function Page({ options, children }: { options: PageOptions; children?: ReactNode }) {
  const { locale, nonce, errors = [] } = options;
  const title = `${errors.length > 0 ? translate(locale, "errorTitlePrefix") : ""}${options.title} – ${programName(locale)}`;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="preload" href={PRELOADED_FONT_PATH} as="font" type="font/woff2" crossOrigin="anonymous" />
        <link rel="stylesheet" href="/assets/identity.css" />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {translate(locale, "skipToContent")}
        </a>
        <header className="header">
          <span className="brand">
            <Logo />
            <span className="visually-hidden">{programName(locale)}</span>
          </span>
        </header>
        <main id="main" className="main">
          <h1>{options.title}</h1>
          <FormErrors.Provider value={errors}>
            <ErrorSummary locale={locale} errors={errors} />
            {children}
          </FormErrors.Provider>
          {options.cancelUid ? <CancelSignIn locale={locale} uid={options.cancelUid} /> : null}
        </main>
        {options.here ? (
          <div className="language-bar">
            <LanguageSwitch locale={locale} here={options.here} />
          </div>
        ) : null}
        <Footer locale={locale} />
        {options.classicSrc && nonce ? <script nonce={nonce} src={options.classicSrc} /> : null}
        {options.script && nonce ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: options.script }} /> : null}
        {options.moduleSrc && nonce ? <script type="module" nonce={nonce} src={options.moduleSrc} /> : null}
      </body>
    </html>
  );
}

/** React writes an apostrophe as &#x27;; tests and scripts that read the markup look for &#39;. */
export function renderPage(options: PageOptions, body: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<Page options={options}>{body}</Page>).replaceAll("&#x27;", "&#39;")}`;
}
