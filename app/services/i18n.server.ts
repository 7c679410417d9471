import { defaultNamespace, fallbackLanguage, supportedLanguages, type Language } from "~/i18n";
import { createTranslator, type Translator } from "~/i18n-translate";
import { resources } from "~/locales/resources.server";

const pageTranslators = new Map<Language, Translator>(
  supportedLanguages.map((language) => [
    language,
    createTranslator(
      language,
      language === fallbackLanguage ? [resources[language]] : [resources[language], resources[fallbackLanguage]],
      defaultNamespace,
    ),
  ]),
);

/**
 * What the server renders pages with: one light translator per language for the whole process,
 * falling back to English for a missing string as i18next does here.
 */
export function pageTranslator(language: Language): Translator {
  return pageTranslators.get(language)!;
}

/** Only the active language's strings reach the browser. */
export function translationsFor(language: Language) {
  return resources[language];
}
