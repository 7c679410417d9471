import { fallbackLanguage, namespaces as allNamespaces, supportedLanguages, type Language, type Namespace } from "~/i18n/languages";
import { createTranslator, type Translator } from "~/i18n/translate";
import { resources } from "~/locales/resources.server";

const pageTranslators = new Map<Language, Translator>(
  supportedLanguages.map((language) => [
    language,
    createTranslator(language, language === fallbackLanguage ? [resources[language]] : [resources[language], resources[fallbackLanguage]]),
  ]),
);

/**
 * What the server renders pages with: one light translator per language for the whole process,
 * falling back to English for a missing string as i18next does here.
 */
export function pageTranslator(language: Language): Translator {
  return pageTranslators.get(language)!;
}

type LanguageCatalogs = (typeof resources)[Language];
/** Every page has the namespaces of `pageNamespaces`; the others when its routes declare them. */
type PageCatalogs = Pick<LanguageCatalogs, "common" | "ui"> & Partial<LanguageCatalogs>;
const catalogsByNamespaces = new Map<string, PageCatalogs>();

/**
 * What reaches the browser: only the page's language, and only the namespaces its routes declare
 * (the `translations` middleware). The same object for the same language and list, so the translator
 * built from it is built once.
 */
export function translationsFor(language: Language, namespaces: readonly Namespace[] = allNamespaces): PageCatalogs {
  const key = `${language}:${namespaces.join(",")}`;
  let catalogs = catalogsByNamespaces.get(key);
  if (!catalogs) {
    catalogs = Object.fromEntries(namespaces.map((namespace) => [namespace, resources[language][namespace]])) as PageCatalogs;
    catalogsByNamespaces.set(key, catalogs);
  }
  return catalogs;
}
