import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * An identity provider that takes requests and never answers (a provider under load): the sign-in
 * page learns that sign-in cannot start within one budget for its whole answer, not the sum of the
 * discovery call's and the reachability check's timeouts.
 */
let server: Server;
let authenticator: typeof import("~/services/authenticator.server");
let idp: typeof import("~/services/idp.server");

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const created = createServer(() => undefined);
    created.listen(0, "127.0.0.1", () => resolve(created));
  });
  Object.assign(process.env, {
    IDP_ISSUER: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    PORTAL_DATA_DIR: mkdtempSync(path.join(tmpdir(), "idp-budget-")),
    LOG_LEVEL: "silent",
  });
  authenticator = await import("~/services/authenticator.server");
  idp = await import("~/services/idp.server");
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the sign-in service's answer budget", () => {
  it("answers 'not available' within the budget while the provider hangs, twice in a row", async () => {
    for (let i = 0; i < 2; i += 1) {
      const startedAt = performance.now();
      expect(await authenticator.reachableAuthenticator()).toBeNull();
      const tookMs = performance.now() - startedAt;
      expect(tookMs).toBeGreaterThanOrEqual(idp.SIGN_IN_ANSWER_BUDGET_MS - 50);
      expect(tookMs).toBeLessThan(idp.SIGN_IN_ANSWER_BUDGET_MS + 400);
    }
  });

  it("gives work that finishes in time its own answer", async () => {
    expect(await idp.withinBudget(async () => "answered", 1_000, "late")).toBe("answered");
    expect(await idp.withinBudget(() => new Promise<string>(() => undefined), 50, "late")).toBe("late");
  });
});
