import { createCookie } from "react-router";
import { fallbackLanguage, isLanguage, type Language } from "~/i18n";
import { cookieSecurity } from "./cookie-security.server";

export const languageCookie = createCookie("lang", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
  ...cookieSecurity(),
});

/**
 * SPEC.md §4 'Language': the lang query parameter, else the language cookie, else en.
 * (remix-i18next 8 offers this only as a middleware that builds an i18next instance for every request:
 * 128-1,410 µs a request measured here, against 12-15 µs for the cookie read below. README 'Dependencies'.)
 */
export async function detectLanguage(request: Request): Promise<Language> {
  const asked = supported(new URL(request.url).searchParams.get("lang"));
  if (asked) return asked;
  return supported(await languageCookie.parse(request.headers.get("Cookie"))) ?? fallbackLanguage;
}

/** A supported language, also from a tag with a region ("es-MX"), as remix-i18next matched them. */
function supported(tag: unknown): Language | null {
  if (typeof tag !== "string") return null;
  const primary = tag.trim().toLowerCase().split("-")[0];
  return isLanguage(primary) ? primary : null;
}

export function rememberLanguage(language: Language): Promise<string> {
  return languageCookie.serialize(language);
}
