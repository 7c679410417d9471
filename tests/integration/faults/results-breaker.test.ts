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
/** How long each call that reached the frozen service was held before the portal gave up on it. */
const heldMs: number[] = [];
let results: typeof import("~/services/results.server");

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const created = createServer((_req, res) => {
      received += 1;
      const arrived = performance.now();
      res.on("close", () => heldMs.push(performance.now() - arrived));
      if (mode === "frozen") return void hanging.push(res);
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ message: "No results were found for this participant" }));
    });
    created.listen(0, "127.0.0.1", () => resolve(created));
  });
  Object.assign(process.env, {
    RESULTS_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    RESULTS_TIMEOUT_MS: "1500",
    RESULTS_BUDGET_MS: "5000",
    RESULTS_BREAKER_FAILURES: "3",
    RESULTS_BREAKER_HALF_OPEN_MS: "300",
    RESULTS_PROBE_TIMEOUT_MS: "100",
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

  it("gives the probe of a still-frozen service a short timeout, and pages waiting on it get their answer with it", async () => {
    const probesBefore = received;
    // Waiting for what the service would notice: the probe reaching it once the breaker half-opens.
    let outcome = await page();
    while (received === probesBefore) outcome = await page();
    expect(outcome).toMatchObject({ ok: false, status: 599 });
    expect(received).toBe(probesBefore + 1);
    await expect.poll(() => heldMs.length).toBe(received);
    // The three first calls waited out the 1.5 s attempt timeout; the probe gave up at its own.
    expect(heldMs.slice(0, 3).every((ms) => ms >= 1400)).toBe(true);
    expect(heldMs.at(-1)).toBeLessThan(1000);
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
