import { describe, expect, it } from "vitest";
import { assetsOf, routeManifestRequest } from "../../../scripts/bench/page-weight.ts";

describe("the bench's page weight", () => {
  const base = new URL("http://127.0.0.1:3000/profile/security");

  it("asks for the route manifest a hydrated page asks for: its discoverable links and forms with their ancestors, sorted", () => {
    // The manifest's version as the portal's loader carries it: inside a JSON string, its quotes escaped.
    const html =
      '<script nonce="n">(function(modules, code) {})([], "window.__reactRouterManifest = {\\n  \\"version\\": \\"5a1b2c3d\\"\\n};");</script>' +
      '<a href="/profile/security/sessions" data-discover="true">Sessions</a>' +
      '<form method="post" data-discover="true" action="/auth/sign-out"></form>' +
      '<a data-discover="true" href="/">Home</a><a href="/help">Not discoverable</a>' +
      '<a data-discover="true" href="https://example.org/elsewhere">Elsewhere</a>';
    const url = routeManifestRequest(html, base);
    expect(url?.pathname).toBe("/__manifest");
    expect(url?.searchParams.get("version")).toBe("5a1b2c3d");
    expect(url?.searchParams.get("paths")).toBe("/,/auth,/auth/sign-out,/profile,/profile/security,/profile/security/sessions");
  });

  it("asks for nothing on a page without React Router's manifest or without discoverable links", () => {
    expect(routeManifestRequest('<a data-discover="true" href="/">Home</a>', base)).toBeUndefined();
    expect(routeManifestRequest('<script>window.__reactRouterManifest = {"version": "5a1b2c3d"};</script>', base)).toBeUndefined();
  });

  it("counts the modules a page's inline scripts load, not the other routes React Router's inline manifest names", () => {
    const html =
      '<script nonce="n">(function(modules, code) {})(["/assets/entry.client-A.js"], "window.__reactRouterManifest = {\\n  \\"routes\\": {\\"module\\": \\"/assets/other-route-X.js\\"},\\n  \\"version\\": \\"5a\\"\\n};\\nimport * as route0 from \\"/assets/root-B.js\\";\\nimport(\\"/assets/entry.client-A.js\\");");</script>';
    expect(assetsOf(html, base).map(({ url }) => url.pathname)).toEqual([
      "/assets/entry.client-A.js",
      "/assets/root-B.js",
      "/assets/entry.client-A.js",
    ]);
  });
});
