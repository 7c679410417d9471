import { readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { dirname, join, sep } from "node:path";
import { inProject } from "../../../lib/project-root.ts";
import { INTER_FONTS } from "./stylesheet.ts";

const OWN_ASSETS = inProject("platform/identity/assets") + sep;
/** ALTCHA's browser modules (ES modules with relative imports), served as they ship. */
const ALTCHA_MODULES = join(dirname(createRequire(import.meta.url).resolve("altcha-lib")), "..", "..", "esm", "v2") + sep;
const ALTCHA_PREFIX = "/assets/altcha-lib/";
/** @simplewebauthn/browser's bundle (a classic script defining SimpleWebAuthnBrowser), for the passkey button. */
export const WEBAUTHN_BROWSER_SCRIPT = "/assets/webauthn-browser.js";
const WEBAUTHN_BUNDLE = join(
  dirname(createRequire(import.meta.url).resolve("@simplewebauthn/browser")),
  "..",
  "dist",
  "bundle",
  "index.umd.min.js",
);

const INTER_FILES = inProject("lib/design/fonts") + sep;

function fileFor(path: string): string | null {
  if (path.includes("..") || !/^\/assets\/[a-z0-9/_-]+\.js$/.test(path)) return null;
  if (path.startsWith(ALTCHA_PREFIX)) return join(ALTCHA_MODULES, path.slice(ALTCHA_PREFIX.length));
  if (path === WEBAUTHN_BROWSER_SCRIPT) return WEBAUTHN_BUNDLE;
  const name = path.slice("/assets/".length);
  return name.includes("/") ? null : join(OWN_ASSETS, name);
}

const cache = new Map<string, Promise<Buffer | null>>();

/** A file read once and kept in memory; 404 when there is none. */
async function serveFile(res: ServerResponse, file: string | null | undefined, type: string, cacheControl: string): Promise<void> {
  let body = file ? cache.get(file) : undefined;
  if (file && !body) {
    body = readFile(file).catch(() => null);
    cache.set(file, body);
  }
  const bytes = body ? await body : null;
  if (!bytes) {
    res.statusCode = 404;
    return void res.end();
  }
  res.setHeader("content-type", type);
  res.setHeader("cache-control", cacheControl);
  res.end(bytes);
}

/** GET /assets/*.js: the human check's script and the modules it imports; 404 for anything else. */
export const serveScript = (res: ServerResponse, path: string) =>
  serveFile(res, fileFor(path), "text/javascript; charset=utf-8", "public, max-age=3600");

/** GET /assets/inter-*.woff2: the portal's own copy of its font (lib/design/fonts/); 404 for anything else. */
export function serveFont(res: ServerResponse, path: string): Promise<void> {
  const name = INTER_FONTS.get(path);
  return serveFile(res, name && join(INTER_FILES, name), "font/woff2", "public, max-age=31536000, immutable");
}
