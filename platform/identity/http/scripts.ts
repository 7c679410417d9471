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

const cache = new Map<string, Promise<string | null>>();

function fileFor(path: string): string | null {
  if (path.includes("..") || !/^\/assets\/[a-z0-9/_-]+\.js$/.test(path)) return null;
  if (path.startsWith(ALTCHA_PREFIX)) return join(ALTCHA_MODULES, path.slice(ALTCHA_PREFIX.length));
  if (path === WEBAUTHN_BROWSER_SCRIPT) return WEBAUTHN_BUNDLE;
  const name = path.slice("/assets/".length);
  return name.includes("/") ? null : join(OWN_ASSETS, name);
}

/** GET /assets/*.js: the human check's script and the modules it imports; 404 for anything else. */
export async function serveScript(res: ServerResponse, path: string): Promise<void> {
  const file = fileFor(path);
  let body: Promise<string | null> | undefined = file ? cache.get(file) : undefined;
  if (file && !body) {
    body = readFile(file, "utf8").catch(() => null);
    cache.set(file, body);
  }
  const text = body ? await body : null;
  if (text === null) {
    res.statusCode = 404;
    return void res.end();
  }
  res.setHeader("content-type", "text/javascript; charset=utf-8");
  res.setHeader("cache-control", "public, max-age=3600");
  res.end(text);
}

const INTER_FILES = inProject("lib/design/fonts") + sep;
const fonts = new Map<string, Promise<Buffer | null>>();

/** GET /assets/inter-*.woff2: the portal's own copy of its font (lib/design/fonts/); 404 for anything else. */
export async function serveFont(res: ServerResponse, path: string): Promise<void> {
  const name = INTER_FONTS.get(path);
  if (!name) {
    res.statusCode = 404;
    return void res.end();
  }
  let body = fonts.get(name);
  if (!body) {
    body = readFile(join(INTER_FILES, name)).catch(() => null);
    fonts.set(name, body);
  }
  const bytes = await body;
  if (!bytes) {
    res.statusCode = 404;
    return void res.end();
  }
  res.setHeader("content-type", "font/woff2");
  res.setHeader("cache-control", "public, max-age=31536000, immutable");
  res.end(bytes);
}
