/**
 * What one page costs a browser: the HTML, and every script, stylesheet and preloaded font it
 * references (following the static imports of each script), raw and gzip-compressed.
 */
import { gzipSync } from "node:zlib";
import { ROUTE_MANIFEST_PATH } from "../../lib/http/route-manifest.ts";

export interface Bytes {
  raw: number;
  gzip: number;
}

export interface PageWeight {
  status: number;
  html: Bytes;
  javascript: Bytes;
  css: Bytes;
  fonts: Bytes;
  /**
   * Data the page's script fetches: its translations before it starts (the files `<html data-catalogs>`
   * lists), and once it has hydrated React Router's manifest of the routes the page links to.
   */
  data: Bytes;
  /** The HTML document plus every asset above. */
  requests: number;
}

function sizes(body: Buffer): Bytes {
  return { raw: body.byteLength, gzip: gzipSync(body).byteLength };
}

function add(total: Bytes, more: Bytes): Bytes {
  return { raw: total.raw + more.raw, gzip: total.gzip + more.gzip };
}

type AssetKind = "javascript" | "css" | "fonts" | "data";

/** `window.__reactRouterManifest = {…};` in an inline script (in the loader's code, a JSON string). */
const INLINE_ROUTE_MANIFEST = /__reactRouterManifest\s*=\s*\{[\s\S]*?\};/;

/**
 * Assets named by the document: scripts and module preloads, stylesheets, preloaded fonts, the catalog files, and the
 * modules its inline scripts name (the route modules, `import("/assets/entry.client-….js")`). Every one of them is under /assets/, the build's hashed
 * files (build/client/assets), and each is counted once.
 */
export function assetsOf(html: string, base: URL): { url: URL; kind: AssetKind }[] {
  const found: { url: URL; kind: AssetKind }[] = [];
  for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/g)) {
    const href = /\b(?:href|src)="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    const url = new URL(href.replace(/&amp;/g, "&"), base);
    if (tag.startsWith("<script") || /rel="modulepreload"/.test(tag)) found.push({ url, kind: "javascript" });
    else if (/rel="stylesheet"/.test(tag)) found.push({ url, kind: "css" });
    else if (/rel="preload"/.test(tag) && /as="font"/.test(tag)) found.push({ url, kind: "fonts" });
  }
  const catalogFiles = /<html\b[^>]*\bdata-catalogs="([^"]*)"/.exec(html)?.[1] ?? "";
  for (const file of catalogFiles.split(" ").filter(Boolean)) found.push({ url: new URL(file, base), kind: "data" });
  // Inline scripts name the rest: React Router's module script imports them, and the portal's
  // after-first-paint loader lists them (app/services/document-html.server.ts).
  // React Router's inline manifest ('lazy' discovery) names routes the page does not load: not counted.
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes)) continue;
    const code = body.replace(INLINE_ROUTE_MANIFEST, "");
    for (const [specifier] of code.matchAll(/\/assets\/[^"'\\\s]+\.js/g)) found.push({ url: new URL(specifier, base), kind: "javascript" });
  }
  return found;
}

/**
 * With 'lazy' route discovery (react-router.config.ts) the hydrated page asks React Router's
 * route manifest (ROUTE_MANIFEST_PATH) for the routes of its links and forms that carry `data-discover`, with their
 * ancestors, sorted; the manifest's version is in the page's inline script (escaped in the loader's).
 */
export function routeManifestRequest(html: string, base: URL): URL | undefined {
  const version = /\\?"version\\?":\s*\\?"([\w-]+)\\?"/.exec(html)?.[1];
  if (!version) return undefined;
  const paths = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:a|form)\b[^>]*\bdata-discover\b[^>]*>/g)) {
    const target = /\b(?:href|action)="([^"]+)"/.exec(tag)?.[1];
    if (!target) continue;
    const { pathname, origin } = new URL(target.replace(/&amp;/g, "&"), base);
    if (origin !== base.origin) continue;
    for (let i = 1; i < pathname.length; i++) if (pathname[i] === "/") paths.add(pathname.slice(0, i));
    paths.add(pathname);
  }
  if (paths.size === 0) return undefined;
  const url = new URL(ROUTE_MANIFEST_PATH, base);
  url.search = new URLSearchParams({ paths: [...paths].sort().join(","), version }).toString();
  return url;
}

/** Static imports of an ES module (Vite writes `from"./jsx-runtime-….js"` and `import"./x.js"`); lazy `import()` is not followed. */
function staticImports(source: string, base: URL): URL[] {
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)].flatMap(([, specifier]) =>
    specifier ? [new URL(specifier, base)] : [],
  );
}

export async function measurePage(url: string, headers: Record<string, string> = {}): Promise<PageWeight> {
  const response = await fetch(url, { headers, redirect: "manual" });
  const document = Buffer.from(await response.arrayBuffer());
  const none = () => ({ raw: 0, gzip: 0 });
  const totals: Record<AssetKind, Bytes> = { javascript: none(), css: none(), fonts: none(), data: none() };
  const seen = new Set<string>();
  const html = document.toString("utf8");
  const queue = assetsOf(html, new URL(url));
  const routes = routeManifestRequest(html, new URL(url));
  if (routes) queue.push({ url: routes, kind: "data" });
  while (queue.length > 0) {
    const asset = queue.shift()!;
    if (seen.has(asset.url.href)) continue;
    seen.add(asset.url.href);
    const body = Buffer.from(await (await fetch(asset.url)).arrayBuffer());
    totals[asset.kind] = add(totals[asset.kind], sizes(body));
    if (asset.kind === "javascript") {
      for (const imported of staticImports(body.toString("utf8"), asset.url)) queue.push({ url: imported, kind: "javascript" });
    }
  }
  return { status: response.status, html: sizes(document), ...totals, requests: 1 + seen.size };
}
