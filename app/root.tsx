import { use } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { AppErrorBoundary } from "~/components/layout/app-error-boundary";
import { BrowserErrorReporter } from "~/components/layout/browser-error-reporter";
import { NoEvalProbe } from "~/components/layout/no-eval-probe";
import { useNonce } from "~/components/layout/nonce";
import { NoscriptRefreshMeta } from "~/components/layout/noscript-refresh";
import { PageEnhancedMark } from "~/components/layout/page-enhanced-mark";
import { usePageNeedsScripts } from "~/components/layout/page-scripts";
import { revalidateOnPathChange } from "~/domain/revalidate-on-path-change";
import { CATALOGS_ATTRIBUTE, catalogFilesOf, catalogsToRender, providePageCatalogs } from "~/i18n/catalogs";
import { fallbackLanguage } from "~/i18n/languages";
import { pageTitle } from "~/i18n/page-title";
import { TranslationProvider, translatorForCatalogs } from "~/i18n/react";
import { translationsFor } from "~/services/i18n.server";
import { languageMiddleware, languageOf, namespacesOf } from "~/services/language.server";
import { readPrivacyChoices } from "~/services/privacy-choices.server";
import interCore from "../lib/design/fonts/inter-core-wght-400-700.woff2";
import favicon from "../public/favicon.ico?inline";
import "~/styles/inter.css";
import "~/styles/global.css";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interCore, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: favicon },
];

/** The program's title on pages without their own; a 404 is named as its heading, other errors say so first. */
export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  const title = loaderData?.title ?? "DNA Discovery Program";
  if (!error || !loaderData) return [{ title }];
  if (isRouteErrorResponse(error) && error.status === 404) return pageTitle(matches, "common", "errors.notFoundTitle");
  return [{ title: `${loaderData.errorPrefix}${title}` }];
};

/** The language and the page's translation namespaces, for every route below (app/services/language.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [languageMiddleware];

/** What the browser renders with: the language the server chose and the page's namespaces, fetched as files. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const language = languageOf(context);
  const namespaces = namespacesOf(context);
  const translations = translationsFor(language, namespaces);
  providePageCatalogs(language, namespaces, translations);
  const { title, errorPrefix } = translations.common.meta;
  return { language, namespaces, title, errorPrefix, analyticsConsent: (await readPrivacyChoices(request)).analytics };
}

/** The root's data names the page's translation namespaces, so another page asks for them again. */
export const shouldRevalidate = revalidateOnPathChange;

/**
 * When the root's error boundary renders the page, React Router takes the headers from the root:
 * the thrown `Cache-Control` is kept (the 404's 'no-store': it may carry the participant's name).
 */
export const headers: Route.HeadersFunction = ({ errorHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const cacheControl = errorHeaders?.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const withScripts = usePageNeedsScripts();
  // Ready at once on the server and on the first page; on a navigation the new page waits for its catalogs.
  const catalogs = data ? use(catalogsToRender(data.language, data.namespaces)) : null;
  const language = data?.language ?? fallbackLanguage;
  const catalogFiles = data && withScripts ? catalogFilesOf(language, data.namespaces) : null;
  return (
    <html lang={language} dir="ltr" {...(catalogFiles ? { [CATALOGS_ATTRIBUTE]: catalogFiles } : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {withScripts ? <NoEvalProbe nonce={nonce} /> : null}
        <NoscriptRefreshMeta />
      </head>
      <body>
        {data && catalogs ? (
          <TranslationProvider translator={translatorForCatalogs(data.language, catalogs)}>{children}</TranslationProvider>
        ) : (
          children
        )}
        {withScripts ? (
          <>
            <BrowserErrorReporter />
            <PageEnhancedMark />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <AppErrorBoundary />;
}
