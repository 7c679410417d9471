import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import express, { type Router } from "express";
import { inProject } from "../../../lib/project-root.ts";

const packageDir = (name: string, ...parts: string[]) => join(dirname(createRequire(import.meta.url).resolve(name)), ...parts);

/** @simplewebauthn/browser's bundle (a classic script defining SimpleWebAuthnBrowser), for the passkey button. */
export const WEBAUTHN_BROWSER_SCRIPT = "/assets/webauthn-browser.js";

/**
 * /assets/: the human check's script, ALTCHA's browser modules as they ship (ES modules with relative
 * imports), the passkey button's library and the portal's own copy of its font (lib/design/fonts/);
 * 404 for anything else.
 */
export function assetRoutes(): Router {
  const scripts = { index: false, maxAge: "1h" };
  return express
    .Router()
    .get(WEBAUTHN_BROWSER_SCRIPT.slice("/assets".length), (_req, res) =>
      res.sendFile(packageDir("@simplewebauthn/browser", "..", "dist", "bundle", "index.umd.min.js"), scripts),
    )
    .use("/altcha-lib", express.static(packageDir("altcha-lib", "..", "..", "esm", "v2"), scripts))
    .use(express.static(inProject("platform/identity/assets"), scripts))
    .use(express.static(inProject("lib/design/fonts"), { index: false, maxAge: "1y", immutable: true }))
    .use((_req, res) => void res.status(404).end());
}
