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
  it("is ready when the database answers, reporting both services beside, called on the right paths", async () => {
    healthy();
    const report = await checkReadiness({ database: answeringDatabase, issuer: idp.url, resultsUrl: `${results.url}/` });
    expect(report).toEqual({
      ready: true,
      checks: { database: "ok", identityClient: "unknown" },
      upstreams: { identityProvider: "ok", results: "ok" },
    });
    expect(idp.received.at(-1)!.path).toBe("/.well-known/openid-configuration");
    expect(results.received.at(-1)!.path).toBe("/healthz");
  });

  it("is not ready when the database fails or does not answer in time, naming it", async () => {
    healthy();
    const failing = async () => ({ query: () => Promise.reject(new Error("connection refused")) }) as unknown as Database;
    const silent = async () => ({ query: () => new Promise(() => undefined) }) as unknown as Database;
    expect(await checkReadiness({ database: failing, issuer: idp.url, resultsUrl: results.url })).toEqual({
      ready: false,
      checks: { database: "failed", identityClient: "unknown" },
      upstreams: { identityProvider: "ok", results: "ok" },
    });
    const timedOut = await checkReadiness({ database: silent, issuer: idp.url, resultsUrl: results.url, timeoutMs: 100 });
    expect(timedOut).toMatchObject({ ready: false, checks: { database: "failed" } });
  });

  it("is not ready once the instance is draining, whatever else answers", async () => {
    healthy();
    expect(await checkReadiness({ database: answeringDatabase, draining: true, issuer: idp.url, resultsUrl: results.url })).toEqual({
      ready: false,
      checks: { database: "ok", identityClient: "unknown", draining: true },
      upstreams: { identityProvider: "ok", results: "ok" },
    });
  });

  it("is not ready when the identity provider refused the instance's client credentials, and is while it has not answered", async () => {
    healthy();
    const refused = await checkReadiness({
      database: answeringDatabase,
      identityClient: "refused",
      issuer: idp.url,
      resultsUrl: results.url,
    });
    expect(refused).toMatchObject({ ready: false, checks: { database: "ok", identityClient: "refused" } });
    const ok = await checkReadiness({ database: answeringDatabase, identityClient: "ok", issuer: idp.url, resultsUrl: results.url });
    expect(ok).toMatchObject({ ready: true, checks: { identityClient: "ok" } });
  });

  it("stays ready with the identity provider or results service unreachable, failing or too slow, naming it", async () => {
    healthy();
    idp.respondWith(500, "{}");
    expect(await checkReadiness({ database: answeringDatabase, issuer: idp.url, resultsUrl: results.url })).toEqual({
      ready: true,
      checks: { database: "ok", identityClient: "unknown" },
      upstreams: { identityProvider: "failed", results: "ok" },
    });
    healthy();
    const down = await checkReadiness({ database: answeringDatabase, issuer: idp.url, resultsUrl: "http://127.0.0.1:9" });
    expect(down).toEqual({
      ready: true,
      checks: { database: "ok", identityClient: "unknown" },
      upstreams: { identityProvider: "ok", results: "failed" },
    });
    results.hold();
    const slow = await checkReadiness({ database: answeringDatabase, issuer: idp.url, resultsUrl: results.url, timeoutMs: 100 });
    results.release();
    expect(slow).toMatchObject({ ready: true, upstreams: { results: "failed" } });
  });
});

describe("GET /readyz", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-readyz-"));
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 200 while its database answers, with the services it calls reported beside, down or not", async () => {
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
    expect(await ready.json()).toEqual({
      status: "ok",
      checks: { database: "ok", identityClient: "unknown" },
      upstreams: { identityProvider: "ok", results: "ok" },
    });
    expect(ready.status).toBe(200);
    expect(ready.headers.get("Cache-Control")).toBe("no-store");

    // The results service down is an outage the portal shows on its own pages: every instance would
    // be taken out alike, so it is reported and the instance stays in.
    results.respondWith(503, "{}");
    const resultsDown = await callRoute(loader, new Request("http://localhost/readyz"));
    expect(resultsDown.status).toBe(200);
    expect(await resultsDown.json()).toEqual({
      status: "ok",
      checks: { database: "ok", identityClient: "unknown" },
      upstreams: { identityProvider: "ok", results: "failed" },
    });

    // Stopping (graceful shutdown) takes the instance out, so the balancer sends new requests elsewhere.
    const { createLoadContext } = await import("~/services/load-context.server");
    const draining = createLoadContext({ nonce: "n", requestId: "r", isDraining: () => true });
    const stopping = await callRoute(loader, new Request("http://localhost/readyz"), draining);
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toMatchObject({ status: "unavailable", checks: { database: "ok", draining: true } });
    await closeDatabase();
  }, 120_000);
});
