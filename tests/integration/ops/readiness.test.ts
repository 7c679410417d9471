import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkReadiness } from "~/services/readiness.server";
import type { Database } from "../../../lib/postgres/index.ts";
import { callRoute } from "../../support/route-call";
import { startHttpSink, type HttpSink } from "./support/http-sink";

let idp: HttpSink;
let results: HttpSink;

beforeAll(async () => {
  idp = await startHttpSink();
  results = await startHttpSink();
});
afterAll(async () => {
  await idp.close();
  await results.close();
});

function healthy() {
  idp.respondWith(200, JSON.stringify({ issuer: idp.url }));
  results.respondWith(200, JSON.stringify({ status: "ok" }));
}

const answeringDatabase = async () => ({ query: async () => [{ ok: 1 }] }) as unknown as Database;

describe("checkReadiness", () => {
  it("is ready when the database answers and both services are reachable, calling the right paths", async () => {
    healthy();
    const report = await checkReadiness({ database: answeringDatabase, issuer: idp.url, resultsUrl: `${results.url}/` });
    expect(report).toEqual({ ready: true, checks: { database: "ok", identityProvider: "ok", results: "ok" } });
    expect(idp.received.at(-1)!.path).toBe("/.well-known/openid-configuration");
    expect(results.received.at(-1)!.path).toBe("/healthz");
  });

  it("names the database when it fails or does not answer in time", async () => {
    healthy();
    const failing = async () => ({ query: () => Promise.reject(new Error("connection refused")) }) as unknown as Database;
    const silent = async () => ({ query: () => new Promise(() => undefined) }) as unknown as Database;
    expect((await checkReadiness({ database: failing, issuer: idp.url, resultsUrl: results.url })).checks).toEqual({
      database: "failed",
      identityProvider: "ok",
      results: "ok",
    });
    const timedOut = await checkReadiness({ database: silent, issuer: idp.url, resultsUrl: results.url, timeoutMs: 100 });
    expect(timedOut).toMatchObject({ ready: false, checks: { database: "failed" } });
  });

  it("names the identity provider or results service when unreachable, failing or too slow", async () => {
    healthy();
    idp.respondWith(500, "{}");
    expect((await checkReadiness({ database: answeringDatabase, issuer: idp.url, resultsUrl: results.url })).checks).toEqual({
      database: "ok",
      identityProvider: "failed",
      results: "ok",
    });
    healthy();
    const down = await checkReadiness({ database: answeringDatabase, issuer: idp.url, resultsUrl: "http://127.0.0.1:9" });
    expect(down).toEqual({ ready: false, checks: { database: "ok", identityProvider: "ok", results: "failed" } });
    results.hold();
    const slow = await checkReadiness({ database: answeringDatabase, issuer: idp.url, resultsUrl: results.url, timeoutMs: 100 });
    results.release();
    expect(slow.checks.results).toBe("failed");
  });
});

describe("GET /readyz", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-readyz-"));
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 200 with the embedded database and reachable services, 503 naming the failure otherwise", async () => {
    vi.stubEnv("PORTAL_DATA_DIR", dataDir);
    vi.stubEnv("IDP_ISSUER", idp.url);
    vi.stubEnv("RESULTS_API_URL", results.url);
    // Generous: this test shares two cores with the rest of the suite.
    vi.stubEnv("READINESS_TIMEOUT_MS", "10000");
    vi.resetModules();
    const { loader } = await import("~/routes/readyz");
    const { database, closeDatabase } = await import("~/services/db.server");
    // Opening the embedded database keeps the event loop busy for seconds; readiness is checked once it is open.
    await database();
    healthy();
    const ready = await callRoute(loader, new Request("http://localhost/readyz"));
    expect(await ready.json()).toEqual({ status: "ok", checks: { database: "ok", identityProvider: "ok", results: "ok" } });
    expect(ready.status).toBe(200);
    expect(ready.headers.get("Cache-Control")).toBe("no-store");

    results.respondWith(503, "{}");
    const unavailable = await callRoute(loader, new Request("http://localhost/readyz"));
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toEqual({
      status: "unavailable",
      checks: { database: "ok", identityProvider: "ok", results: "failed" },
    });
    await closeDatabase();
  }, 120_000);
});
