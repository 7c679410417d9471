export const supportedLanguages = ["en", "es"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";
export const defaultNamespace = "common";
export const namespaces = ["common", "ui", "auth", "profile", "dashboard", "accessibility", "shares", "family", "counselling"] as const;
export type Namespace = (typeof namespaces)[number];
/** Sent with every page: the layout, error screens and form parts use them. */
export const pageNamespaces: readonly Namespace[] = ["common", "ui"];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** SPEC.md §2: "es" gives Spanish, anything else English. */
export function toLanguage(value: unknown): Language {
  return isLanguage(value) ? value : fallbackLanguage;
}
