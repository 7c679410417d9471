import { describe, expect, it } from "vitest";
import { assetsOf } from "../../../scripts/bench/page-weight.ts";

describe("the bench's page weight", () => {
  const base = new URL("http://127.0.0.1:3000/profile/security");

  it("counts the modules a page's inline scripts load: the loader's list and React Router's module script", () => {
    const html =
      '<script nonce="n">(function(modules, code) {})(["/assets/entry.client-A.js"], "import \\"/assets/manifest-C.js\\";\\nimport * as route0 from \\"/assets/root-B.js\\";\\nimport(\\"/assets/entry.client-A.js\\");");</script>';
    expect(assetsOf(html, base).map(({ url }) => url.pathname)).toEqual([
      "/assets/entry.client-A.js",
      "/assets/manifest-C.js",
      "/assets/root-B.js",
      "/assets/entry.client-A.js",
    ]);
  });
});
