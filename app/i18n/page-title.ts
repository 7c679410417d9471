import type { MetaDescriptor } from "react-router";
import { loadedPageCatalogs } from "./catalogs";
import type { Namespace } from "./languages";
import { translatorForCatalogs } from "./react";
import type { TranslationValues } from "./translate";

type RootData = { language: string; namespaces: readonly Namespace[] };
/** A route match as `meta` receives it; React Router's generated types leave the matches below the page possibly undefined. */
type MatchWithData = { id: string; loaderData: unknown } | undefined;

/**
 * A route's `<title>` (WCAG 2.4.2): its page name, then the program's, in the page's language; 'Error: '
 * goes in front on validation errors (app/services/document-html.server.ts, the error summary).
 */
export function pageTitle(matches: readonly MatchWithData[], namespace: string, key: string, values?: TranslationValues): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  const catalogs = root ? loadedPageCatalogs(root.language, root.namespaces) : null;
  if (!root || !catalogs) return [];
  const translator = translatorForCatalogs(root.language, catalogs);
  return [{ title: translator.fixed("common")("meta.pageTitle", { page: translator.fixed(namespace)(key, values) }) }];
}
