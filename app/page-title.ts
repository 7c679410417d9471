import type { MetaDescriptor } from "react-router";
import { translatorForCatalogs } from "./i18n-react";
import type { Catalogs, TranslationValues } from "./i18n-translate";

type RootData = { language: string; translations: Catalogs };
/** A route match as `meta` receives it; React Router's generated types leave the matches below the page possibly undefined. */
type MatchWithData = { id: string; loaderData: unknown } | undefined;

/**
 * A route's `<title>` (WCAG 2.4.2): its own page name, then the program's, in the page's language
 * (from the root loader's catalogs). 'Error: ' goes in front when the page shows validation errors
 * (app/services/document-html.server.ts on the server, the error summary in the browser).
 */
export function pageTitle(matches: readonly MatchWithData[], namespace: string, key: string, values?: TranslationValues): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  if (!root) return [];
  const translator = translatorForCatalogs(root.language, root.translations);
  return [{ title: translator.fixed("common")("meta.pageTitle", { page: translator.fixed(namespace)(key, values) }) }];
}
