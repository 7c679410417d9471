import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { fallbackLanguage, isLanguage, pageNamespaces, type Language, type Namespace } from "~/i18n/languages";
import { portalCookie } from "./cookie-security.server";

export const languageCookie = portalCookie("lang", { maxAge: 60 * 60 * 24 * 365 });

/**
 * SPEC.md §4 'Language': the lang query parameter, else the language cookie, else en. Pages read it
 * from the root's middleware (`languageOf`); this is for what answers before the router (the refusal page).
 */
export async function detectLanguage(request: Request): Promise<Language> {
  const asked = supported(new URL(request.url).searchParams.get("lang"));
  if (asked) return asked;
  return supported(await languageCookie.parse(request.headers.get("Cookie"))) ?? fallbackLanguage;
}

/** A supported language, also from a tag with a region ("es-MX", "es_MX"), as remix-i18next matched them. */
export function supported(tag: unknown): Language | null {
  if (typeof tag !== "string") return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

export function rememberLanguage(language: Language): Promise<string> {
  return languageCookie.serialize(language);
}

type Context = Readonly<RouterContextProvider>;

const languageContext = createContext<Language>(fallbackLanguage);
const namespacesContext = createContext<Namespace[]>();

/**
 * The root's middleware, as remix-i18next 8 does it: the request's language, detected once, in the
 * router context for every loader, action and the server render (`languageOf`), and the list of the
 * page's translation namespaces, which the matched routes' `translations` middleware add to. A
 * `lang` parameter on a page is remembered in the cookie and removed from the URL (SPEC.md §4).
 */
export const languageMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const language = await detectLanguage(request);
  if (url.searchParams.has("lang") && (request.method === "GET" || request.method === "HEAD")) {
    const target = new URL(url);
    target.searchParams.delete("lang");
    throw redirect(`${target.pathname}${target.search}`, { headers: { "Set-Cookie": await rememberLanguage(language) } });
  }
  context.set(languageContext, language);
  context.set(namespacesContext, [...pageNamespaces]);
  return next();
};

/** The request's language (the root's middleware); English where a loader is called without it. */
export function languageOf(context: Context): Language {
  return context.get(languageContext);
}

/** A middleware function that adds translation namespaces a route's components use; the test reads `namespaces`. */
export type TranslationsMiddleware = MiddlewareFunction<Response> & { readonly namespaces: readonly Namespace[] };

/**
 * A route's `middleware` entry naming the translation namespaces its components use, beyond every
 * page's (`pageNamespaces`): `export const middleware = [translations("profile")]`.
 */
export function translations(...namespaces: Namespace[]): TranslationsMiddleware {
  const add: MiddlewareFunction<Response> = ({ context }) => {
    const list = context.get(namespacesContext);
    for (const namespace of namespaces) if (!list.includes(namespace)) list.push(namespace);
  };
  return Object.assign(add, { namespaces });
}

/** The namespaces the page's routes asked for: every page's first, then the routes', from the root down. */
export function namespacesOf(context: Context): readonly Namespace[] {
  return context.get(namespacesContext);
}
