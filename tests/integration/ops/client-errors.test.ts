import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callRoute } from "../../support/route-call";
import { startSentryIngest, type SentryIngest } from "../../support/sentry-ingest";

let ingest: SentryIngest;
let action: typeof import("~/routes/client-errors").action;
let flushErrorReports: typeof import("~/services/error-reporter.server").flushErrorReports;
const portal = "https://portal.staging.example.com";

beforeAll(async () => {
  ingest = await startSentryIngest();
  vi.stubEnv("PORTAL_URL", portal);
  vi.stubEnv("SESSION_SECRET", "NV8gvLcMdoxvO4NDYMUkpfNlsh35eRZPCXqMV5OTBpE=");
  vi.stubEnv("IDP_CLIENT_SECRET", "1vzzKwCrv7Rk7iKBIcrmgnvrogGCGiNcjxvdIZ0kwoI=");
  vi.stubEnv("SENTRY_DSN", ingest.dsn);
  vi.stubEnv("CODE_VERSION", "v-test");
  vi.stubEnv("LOG_LEVEL", "silent");
  vi.resetModules();
  ({ action } = await import("~/routes/client-errors"));
  ({ flushErrorReports } = await import("~/services/error-reporter.server"));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await ingest.close();
});

/** The answer React Router sends for a resource route: a thrown Response is sent like a returned one. */
async function respond(request: Request): Promise<Response> {
  try {
    return await callRoute(action, request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function post(body: string, headers: Record<string, string> = {}) {
  const request = new Request(`${portal}/client-errors`, {
    method: "POST",
    headers: { Origin: portal, "Content-Type": "application/json", "x-request-id": "browser-req-1", ...headers },
    body,
  });
  return respond(request);
}

describe("POST /client-errors", () => {
  it("accepts a same-origin JSON report with 204 and forwards it, redacted, to the error-reporting service (staging)", async () => {
    const response = await post(
      JSON.stringify({
        kind: "unhandledrejection",
        message: "TypeError: failed for jane@example.com",
        stack: "at x (app.js:1:1)",
        path: "/profile?code=123456",
      }),
    );
    expect(response.status).toBe(204);
    await flushErrorReports();
    await ingest.waitFor((seen) => seen.events().length === 1);
    expect(ingest.events()[0]).toMatchObject({
      environment: "staging",
      platform: "javascript",
      release: "v-test",
      request: { url: "/profile" },
      tags: { source: "browser", kind: "unhandledrejection", request_id: "browser-req-1" },
      exception: { values: [{ type: "TypeError", value: "failed for [redacted]", stacktrace: { frames: [{ filename: "app.js" }] } }] },
    });
    expect(ingest.received[0]?.body).not.toContain("jane@example.com");
    expect(ingest.received[0]?.body).not.toContain("123456");
  });

  it("accepts a form-encoded report", async () => {
    const before = ingest.events().length;
    const response = await post(new URLSearchParams({ message: "ReferenceError: x is not defined" }).toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(204);
    await flushErrorReports();
    await ingest.waitFor((seen) => seen.events().length === before + 1);
    expect(ingest.events().at(-1)).toMatchObject({ exception: { values: [{ type: "ReferenceError", value: "x is not defined" }] } });
  });

  it("refuses other origins, and requests without Origin unless the browser says same-origin", async () => {
    expect((await post(JSON.stringify({ message: "x" }), { Origin: "https://evil.example" })).status).toBe(403);
    const withoutOrigin = new Request(`${portal}/client-errors`, { method: "POST", body: JSON.stringify({ message: "x" }) });
    expect((await respond(withoutOrigin)).status).toBe(403);
    const typedAddress = new Request(`${portal}/client-errors`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "none" },
      body: JSON.stringify({ message: "x" }),
    });
    expect((await respond(typedAddress)).status).toBe(403);
    const sameSite = new Request(`${portal}/client-errors`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" },
      body: JSON.stringify({ message: "Error: from a browser without Origin" }),
    });
    expect((await respond(sameSite)).status).toBe(204);
  });

  it("refuses bodies above 16 KiB with 413 and malformed reports with 400", async () => {
    expect((await post(JSON.stringify({ message: "x".repeat(17 * 1024) }))).status).toBe(413);
    const streamed = new Request(`${portal}/client-errors`, {
      method: "POST",
      headers: { Origin: portal, "Content-Type": "application/json" },
      body: new Blob([JSON.stringify({ message: "x".repeat(17 * 1024) })]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(streamed.headers.get("Content-Length")).toBeNull();
    expect((await respond(streamed)).status).toBe(413);
    expect((await post("not json")).status).toBe(400);
    expect((await post(JSON.stringify({ message: "" }))).status).toBe(400);
    expect((await post(JSON.stringify({ message: "x", kind: "other" }))).status).toBe(400);
  });
});
