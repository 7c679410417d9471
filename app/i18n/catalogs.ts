import { programStrings } from "../../lib/program/strings.ts";
import type { Language, Namespace } from "./languages";
import type { Catalog, Catalogs } from "./translate";

/**
 * Each namespace of each language is a hashed asset the browser fetches once, never serialised into
 * a page: the profile namespace alone was half a profile page's HTML (docs/performance.md).
 */
const catalogUrls = import.meta.glob<string>("../locales/*/*.json", { query: "?url", import: "default", eager: true });

function catalogUrl(language: Language, namespace: Namespace): string {
  const url = catalogUrls[`../locales/${language}/${namespace}.json`];
  if (!url) throw new Error(`no catalog for ${language}/${namespace}`);
  return url;
}

/**
 * The page's catalog files, listed on `<html>` for the browser's first render; preloaded after the
 * first paint (app/services/document-html.server.ts), since from the head they held it up.
 */
export const CATALOGS_ATTRIBUTE = "data-catalogs";

export function catalogFilesOf(language: Language, namespaces: readonly Namespace[]): string {
  return namespaces.map((namespace) => catalogUrl(language, namespace)).join(" ");
}

const namespaceOfUrl = new Map(
  Object.entries(catalogUrls).map(([file, url]) => [url, file.slice(file.lastIndexOf("/") + 1, -".json".length) as Namespace]),
);

/** The namespaces of a page's catalog files, as `catalogFilesOf` listed them. */
export function namespacesOfCatalogFiles(files: string): Namespace[] {
  return files.split(" ").flatMap((url) => namespaceOfUrl.get(url) ?? []);
}

/** A promise React's `use` reads at once when it has settled (its own thenable protocol). */
type CatalogsThenable = Promise<Catalogs> & { status?: "pending" | "fulfilled" | "rejected"; value?: Catalogs; reason?: unknown };

const pageCatalogs = new Map<string, CatalogsThenable>();

const keyOf = (language: string, namespaces: readonly string[]) => `${language}:${namespaces.join(",")}`;

function settled(promise: Promise<Catalogs>): CatalogsThenable {
  const thenable: CatalogsThenable = promise;
  thenable.status = "pending";
  promise.then(
    (value) => Object.assign(thenable, { status: "fulfilled", value }),
    (reason: unknown) => Object.assign(thenable, { status: "rejected", reason }),
  );
  return thenable;
}

const downloads = new Map<string, Promise<Catalog>>();

/** One download per catalog file, shared by every page that needs it. */
function downloadCatalog(language: Language, namespace: Namespace): Promise<Catalog> {
  const url = catalogUrl(language, namespace);
  let download = downloads.get(url);
  if (!download) {
    download = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`catalog ${language}/${namespace}: ${response.status}`);
      const catalog = (await response.json()) as Catalog;
      // The program's name is shared with the embedded services and merged into `common`, as on the server.
      return namespace === "common" ? { ...programStrings[language], ...catalog } : catalog;
    });
    downloads.set(url, download);
    download.catch(() => downloads.delete(url));
  }
  return download;
}

/**
 * The page's catalogs: one object per language and list of namespaces, so the translator is built
 * once per object. The server provides them (`providePageCatalogs`); the browser downloads them.
 */
export function pageCatalogsFor(language: Language, namespaces: readonly Namespace[]): Promise<Catalogs> {
  const key = keyOf(language, namespaces);
  let entry = pageCatalogs.get(key);
  if (!entry) {
    entry = settled(
      Promise.all(namespaces.map(async (namespace) => [namespace, await downloadCatalog(language, namespace)] as const)).then(
        (entries) => Object.fromEntries(entries) as Catalogs,
      ),
    );
    pageCatalogs.set(key, entry);
    // A failed download is tried again by the next page that needs it.
    entry.catch(() => pageCatalogs.delete(key));
  }
  return entry;
}

const shownByNavigation = new WeakMap<Promise<Catalogs>, Promise<Catalogs>>();

/**
 * What the layout renders with. In the browser, a navigation whose catalogs cannot be downloaded
 * loads the page as a document instead, which works without script.
 */
export function catalogsToRender(language: Language, namespaces: readonly Namespace[]): Promise<Catalogs> {
  const entry = pageCatalogsFor(language, namespaces) as CatalogsThenable;
  if (typeof window === "undefined" || entry.status === "fulfilled") return entry;
  let shown = shownByNavigation.get(entry);
  if (!shown) {
    shown = settled(
      entry.catch(() => {
        window.location.reload();
        return new Promise<never>(() => undefined);
      }),
    );
    shownByNavigation.set(entry, shown);
  }
  return shown;
}

/** The server's catalogs for a page, given before it renders, so the server never downloads. */
export function providePageCatalogs(language: string, namespaces: readonly Namespace[], catalogs: Catalogs): void {
  const key = keyOf(language, namespaces);
  if (pageCatalogs.get(key)?.status === "fulfilled") return;
  pageCatalogs.set(key, Object.assign(Promise.resolve(catalogs), { status: "fulfilled" as const, value: catalogs }));
}

/** The catalogs already at hand for a page, or null (a page title asked for before they arrived). */
export function loadedPageCatalogs(language: string, namespaces: readonly Namespace[]): Catalogs | null {
  const entry = pageCatalogs.get(keyOf(language, namespaces));
  return entry?.status === "fulfilled" ? entry.value! : null;
}
