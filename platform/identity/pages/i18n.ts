import Negotiator from "negotiator";
import en from "../locales/en.json" with { type: "json" };
import es from "../locales/es.json" with { type: "json" };

// The program's name as the portal writes it (lib/program, one setting for both): the hosted pages carry the same brand.
export { programName } from "../../../lib/program/strings.ts";

export type Locale = "en" | "es";
export type MessageKey = keyof typeof en;

const catalogues: Record<Locale, Record<MessageKey, string>> = { en, es };

function supported(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split("-")[0];
  return language === "en" || language === "es" ? language : null;
}

/** The first language of a space-separated list (a client's ui_locales) that the hosted pages have. */
export const firstSupportedLocale = (list: string | null | undefined): Locale | null =>
  (list ?? "").split(/\s+/).map(supported).find(Boolean) ?? null;

/** The cookie that keeps a language chosen with the hosted pages' English/Español buttons. */
export const LANGUAGE_COOKIE = "idp_lang";

/** The participant's choice (`lang`, then its cookie), the client's `ui_locales`, Accept-Language, else English. */
export function localeFor(request: { lang?: string | null; cookie?: string; uiLocales?: string | null; acceptLanguage?: string }): Locale {
  return (
    supported(request.lang ?? "") ??
    supported(request.cookie ?? "") ??
    firstSupportedLocale(request.uiLocales) ??
    (new Negotiator({ headers: { "accept-language": request.acceptLanguage } }).language(["en", "es"]) as Locale | undefined) ??
    "en"
  );
}

export function translate(locale: Locale, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const template = catalogues[locale][key] ?? catalogues.en[key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  return (key, vars) => translate(locale, key, vars);
}
