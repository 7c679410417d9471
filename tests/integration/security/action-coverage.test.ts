import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { portalActions } from "./support/portal-actions";

const routesDir = path.resolve("app/routes");

function routesWithAction(): string[] {
  return readdirSync(routesDir)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => /export\s+(async\s+function|function|const)\s+action\b/.test(readFileSync(path.join(routesDir, file), "utf8")));
}

describe("the attack and bad-input suites cover every action", () => {
  it("lists every route module that exports an action", () => {
    const listed = new Set(portalActions.map((action) => action.route));
    const missing = routesWithAction().filter((route) => !listed.has(route));
    expect(missing, "add these routes to tests/integration/security/support/portal-actions.ts").toEqual([]);
  });

  it("lists no route that no longer has an action", () => {
    const actual = new Set(routesWithAction());
    expect(portalActions.map((action) => action.route).filter((route) => !actual.has(route))).toEqual([]);
  });
});
