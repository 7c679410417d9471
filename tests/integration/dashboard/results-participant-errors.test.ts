import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * One participant's own errors against the shared results client: a record the service does not
 * have is asked for once, and a participant whose results keep failing (599s, 500s) does not open the
 * breaker that every other participant's page goes through.
 */
let server: Server;
const requestsByUser = new Map<string, number>();
let results: typeof import("~/services/results.server");

const answers: Record<string, { status: number; body: unknown }> = {
  NEW: { status: 404, body: { message: "No results were found for this participant" } },
  FAILING599: { status: 599, body: { message: "Simulated failure" } },
  FAILING500: { status: 500, body: { message: "Internal" } },
  OK: { status: 200, body: { kitStatus: 2, apps: [] } },
};

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const created = createServer((req, res) => {
      const userId = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.split("/").at(-1) ?? "");
      requestsByUser.set(userId, (requestsByUser.get(userId) ?? 0) + 1);
      const answer = answers[userId] ?? answers.OK!;
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    });
    created.listen(0, "127.0.0.1", () => resolve(created));
  });
  Object.assign(process.env, {
    RESULTS_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    RESULTS_BREAKER_FAILURES: "3",
    RESULTS_BREAKER_HALF_OPEN_MS: "60000",
    PORTAL_DATA_DIR: mkdtempSync(path.join(tmpdir(), "participant-errors-")),
    LOG_LEVEL: "silent",
  });
  results = await import("~/services/results.server");
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const page = (userId: string) => results.fetchPatientResults({ accessToken: "token", userId });

describe("one participant's results errors", () => {
  it("asks once for a participant the service has no record of (a 404 is never retried)", async () => {
    expect(await page("NEW")).toMatchObject({ ok: false, status: 404 });
    expect(requestsByUser.get("NEW")).toBe(1);
  });

  it("keeps the breaker closed for everyone else while one participant's results fail", async () => {
    for (let i = 0; i < 3; i += 1) {
      expect(await page("FAILING599")).toMatchObject({ ok: false, status: 599 });
      expect(await page("FAILING500")).toMatchObject({ ok: false, status: 500 });
    }
    expect(requestsByUser.get("FAILING599")).toBe(9);
    expect(await page("OK")).toMatchObject({ ok: true, results: { kitStatus: 2 } });
    expect(requestsByUser.get("OK")).toBe(1);
  });

  it("counts what says the service is down: no answer and a gateway's 502-504", () => {
    expect(results.serviceIsDown({ answered: false, status: 599, error: "TimeoutError" })).toBe(true);
    for (const status of [502, 503, 504])
      expect(results.serviceIsDown({ answered: true, status, ok: false, headers: new Headers(), body: null })).toBe(true);
    for (const status of [500, 599, 404, 403])
      expect(results.serviceIsDown({ answered: true, status, ok: false, headers: new Headers(), body: null })).toBe(false);
  });
});
