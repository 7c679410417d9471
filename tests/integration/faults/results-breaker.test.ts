import { mkdtempSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A frozen results service (it takes requests and never answers) against the portal's results
 * client: the first page waits out its budget, after which the breaker is open and pages get the
 * network-error answer without another call reaching the service; when the service answers again,
 * a probe gets through and calls flow again.
 */
let server: Server;
let mode: "frozen" | "answering" = "frozen";
let received = 0;
const hanging: ServerResponse[] = [];
let results: typeof import("~/services/results.server");

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const created = createServer((_req, res) => {
      received += 1;
      if (mode === "frozen") return void hanging.push(res);
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ message: "No results were found for this participant" }));
    });
    created.listen(0, "127.0.0.1", () => resolve(created));
  });
  Object.assign(process.env, {
    RESULTS_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    RESULTS_TIMEOUT_MS: "200",
    RESULTS_BUDGET_MS: "2000",
    RESULTS_BREAKER_FAILURES: "3",
    RESULTS_BREAKER_HALF_OPEN_MS: "300",
    PORTAL_DATA_DIR: mkdtempSync(path.join(tmpdir(), "breaker-")),
    LOG_LEVEL: "silent",
  });
  results = await import("~/services/results.server");
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const page = () => results.fetchPatientResults({ accessToken: "token", userId: "P1001" });

describe("the results service's circuit breaker", () => {
  it("opens after consecutive calls with no answer, and then answers pages without calling the service", async () => {
    expect(await page()).toMatchObject({ ok: false, status: 599, message: "Network Error" });
    expect(received).toBe(3);
    for (let i = 0; i < 5; i += 1) expect(await page()).toMatchObject({ ok: false, status: 599 });
    expect(received).toBe(3);
  });

  it("lets a probe through once the service answers again, and closes", async () => {
    mode = "answering";
    // Waiting for what a participant would see: the first page that reaches the service again.
    let outcome = await page();
    while (outcome.ok === false && outcome.status === 599) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      outcome = await page();
    }
    expect(outcome).toMatchObject({ ok: false, status: 404 });
    const before = received;
    await page();
    expect(received).toBeGreaterThan(before);
  });
});
