import { createInstance, type i18n as I18n } from "i18next";
import { defaultNamespace, fallbackLanguage, supportedLanguages, type Language } from "~/i18n";
import { createTranslator, type Translator } from "~/i18n-translate";
import { resources } from "~/locales/resources.server";

const pageTranslators = new Map<Language, Translator>(
  supportedLanguages.map((language) => [
    language,
    createTranslator(language, language === fallbackLanguage ? [resources[language]] : [resources[language], resources[fallbackLanguage]], defaultNamespace),
  ]),
);

/**
 * What the server renders pages with: one light translator per language for the whole process,
 * falling back to English for a missing string as i18next does here.
 */
export function pageTranslator(language: Language): Translator {
  return pageTranslators.get(language)!;
}

/**
 * Full i18next, for code that wants an instance (the request guard's screens). Built once at
 * start-up: creating an instance per request was costly; each caller gets a clone fixed to its language.
 */
const shared: I18n = createInstance();
void shared.init({
  resources,
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: defaultNamespace,
  ns: Object.keys(resources.en),
  interpolation: { escapeValue: false },
  initImmediate: false,
  returnNull: false,
});

export function i18nForRequest(language: Language): I18n {
  return shared.cloneInstance({ lng: language, initImmediate: false });
}

export function translator(language: Language, namespace: string = defaultNamespace) {
  return shared.getFixedT(language, namespace);
}

/** Only the active language's strings reach the browser. */
export function translationsFor(language: Language) {
  return resources[language];
}
