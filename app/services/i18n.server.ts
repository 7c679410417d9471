import { createInstance, type i18n as I18n } from "i18next";
import { defaultNamespace, fallbackLanguage, supportedLanguages, type Language } from "~/i18n";
import { resources } from "~/locales/resources.server";

/**
 * Built once at start-up: creating an i18next instance per request was the main server cost
 * measured on this stack. Each request gets a cheap clone fixed to its language.
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
