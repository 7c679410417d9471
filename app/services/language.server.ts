import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLanguage, supportedLanguages, toLanguage, type Language } from "~/i18n";
import { cookieSecurity } from "./cookie-security.server";

export const languageCookie = createCookie("lang", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
  ...cookieSecurity(),
});

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    searchParamKey: "lang",
    order: ["searchParams", "cookie"],
  },
});

/** SPEC.md §4 'Language': the lang query parameter, else the language cookie, else en. */
export async function detectLanguage(request: Request): Promise<Language> {
  return toLanguage(await detector.getLocale(request));
}

export function rememberLanguage(language: Language): Promise<string> {
  return languageCookie.serialize(language);
}
