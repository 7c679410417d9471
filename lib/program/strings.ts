import en from "./locales/en.json" with { type: "json" };
import es from "./locales/es.json" with { type: "json" };

export type ProgramLanguage = "en" | "es";
type ProgramStrings = { readonly [Key in keyof typeof en]: string };

/**
 * The few portal strings the embedded services show too (the program's name), in each language.
 * The portal has them in its `common` namespace (`app/locales/resources.server.ts` merges them in),
 * so `t("common:programName")` and the identity provider's hosted pages read the same text.
 */
export const programStrings: Readonly<Record<ProgramLanguage, ProgramStrings>> = { en, es };

/** The program's name as the portal writes it: the hosted pages and the reports carry the same brand. */
export function programName(language: ProgramLanguage): string {
  return programStrings[language].programName;
}
