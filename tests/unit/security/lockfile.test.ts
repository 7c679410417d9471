import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * React's server-components runtime (`react-server-dom-*`) has had critical advisories of its own. The
 * portal renders on the server without it; if a dependency ever brings it in, the advisories must be
 * checked (docs/dependencies.md) before the lockfile takes it.
 */
describe("package-lock.json", () => {
  it("installs no react-server-dom-* package", () => {
    const lock = JSON.parse(readFileSync(new URL("../../../package-lock.json", import.meta.url), "utf8")) as {
      packages: Record<string, unknown>;
    };
    const installed = Object.keys(lock.packages).filter((path) => /(^|\/)react-server-dom-[^/]+$/.test(path));
    expect(installed).toEqual([]);
  });
});
