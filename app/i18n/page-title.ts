import type { MetaDescriptor } from "react-router";
import { loadedPageCatalogs } from "./catalogs";
import type { Namespace } from "./languages";
import { translatorForCatalogs } from "./react";
import type { TranslationValues } from "./translate";

/** `meta`'s matches, the root's first (its data is missing when its own loader failed). */
type Matches = readonly [{ loaderData: { language: string; namespaces: readonly Namespace[] } | undefined }, ...unknown[]];

/**
 * A route's `<title>` (WCAG 2.4.2): its page name, then the program's, in the page's language; 'Error: '
 * goes in front on validation errors (app/services/document-html.server.ts, the error summary).
 */
export function pageTitle(matches: Matches, namespace: string, key: string, values?: TranslationValues): MetaDescriptor[] {
  const root = matches[0].loaderData;
  const catalogs = root ? loadedPageCatalogs(root.language, root.namespaces) : null;
  if (!root || !catalogs) return [];
  const translator = translatorForCatalogs(root.language, catalogs);
  return [{ title: translator.fixed("common")("meta.pageTitle", { page: translator.fixed(namespace)(key, values) }) }];
}
