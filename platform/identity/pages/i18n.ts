import en from "../locales/en.json" with { type: "json" };
import es from "../locales/es.json" with { type: "json" };

export type Locale = "en" | "es";
export type MessageKey = keyof typeof en;

const catalogues: Record<Locale, Record<MessageKey, string>> = { en, es };

/** First supported language of a space-separated `ui_locales` list (en, es); English otherwise. */
export function pickLocale(uiLocales: string | undefined | null): Locale {
  for (const tag of (uiLocales ?? "").split(/\s+/)) {
    const language = tag.toLowerCase().split("-")[0];
    if (language === "en" || language === "es") return language;
  }
  return "en";
}

export function translate(locale: Locale, key: MessageKey, vars: Record<string, string | number> = {}): string {
  const template = catalogues[locale][key] ?? catalogues.en[key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  return (key, vars) => translate(locale, key, vars);
}
