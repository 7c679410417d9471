/**
 * What one page costs a browser: the HTML, and every script, stylesheet and preloaded font it
 * references (following the static imports of each script), raw and gzip-compressed.
 */
import { gzipSync } from "node:zlib";

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
  /** Data the page's script fetches: its translations before it starts (the files `<html data-catalogs>` lists). */
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
  // Inline scripts name the rest: React Router's module script imports them (its route manifest
  // among them), and the portal's after-first-paint loader lists them (app/services/document-html.server.ts).
  for (const [, attributes = "", code = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes)) continue;
    for (const [specifier] of code.matchAll(/\/assets\/[^"'\\\s]+\.js/g)) found.push({ url: new URL(specifier, base), kind: "javascript" });
  }
  return found;
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
