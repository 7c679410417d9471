import { pino } from "pino";
import { afterEach, assert, beforeEach, describe, expect, it, vi } from "vitest";
import {
  flushErrorReports,
  ITEMS_PER_MINUTE,
  MAX_PAYLOAD_BYTES,
  MAX_QUEUED_ITEMS,
  reportBrowserError,
  reportServerError,
  startErrorReporting,
  withinPayloadLimit,
  type ErrorReportingSettings,
} from "~/services/error-reporter.server";
import { logger } from "~/services/logger.server";
import { startSentryIngest, type SentryIngest } from "../../support/sentry-ingest";

/**
 * The portal's error reports as an ingest server on this machine receives them from Sentry's SDK:
 * what arrives, what never does (tokens, codes, e-mail addresses, phone numbers), and SPEC.md §9's
 * limits (60 a minute, 100 waiting, 512 KiB).
 */

const silent = pino({ level: "silent" });
let ingest: SentryIngest;

beforeEach(async () => {
  ingest = await startSentryIngest();
  // Each report is also a log line; these tests read what reaches the ingest server.
  vi.spyOn(logger, "error").mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await startErrorReporting(null);
  await ingest.close();
});

function start(overrides: Partial<ErrorReportingSettings> = {}) {
  return startErrorReporting({ dsn: ingest.dsn, environment: "production", release: "abc123", logger: silent, ...overrides });
}

type ExceptionValue = { type?: string; value?: string; stacktrace?: { frames?: Array<{ function?: string }> } };
const exceptionOf = (event: Record<string, unknown> | undefined) => (event?.exception as { values: ExceptionValue[] }).values;
const requestId = "0b6f8a52-6a4c-4a0c-9d8e-3f2f4d1c2b7a";

describe("error reports through Sentry's SDK", () => {
  it("sends the error with its type, stack frames, cause, request id, method, path, environment and release", async () => {
    await start();
    const cause = new RangeError("the pool is empty");
    reportServerError(
      new TypeError("boom", { cause }),
      new Request("http://localhost:3000/profile?tab=x", { headers: { "x-request-id": requestId } }),
    );
    await flushErrorReports();
    await ingest.waitFor((seen) => seen.events().length === 1);
    const [envelope] = ingest.received;
    assert.isDefined(envelope);
    expect(envelope.headers["content-type"]).toBe("application/x-sentry-envelope");
    const [event] = ingest.events();
    expect(event).toMatchObject({
      level: "error",
      platform: "node",
      environment: "production",
      release: "abc123",
      request: { method: "GET", url: "/profile" },
      tags: { source: "server", request_id: requestId },
    });
    const values = exceptionOf(event);
    // The SDK lists a chain innermost first: the cause, then the error that was thrown.
    expect(values.map((value) => [value.type, value.value])).toEqual([
      ["RangeError", "the pool is empty"],
      ["TypeError", "boom"],
    ]);
    expect(values[1]?.stacktrace?.frames?.length).toBeGreaterThan(0);
  });

  it("sends no token, password, code, phone number or e-mail address, from the server or a browser", async () => {
    await start();
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jbyJ9.abcdefghijklmnop";
    const error = new Error(`failed for jane@example.com with code 482913 and password=Secret-Pass-1 via Bearer ${jwt}`, {
      cause: new Error("sms to +1 (555) 010-9999 failed"),
    });
    reportServerError(error, new Request("http://localhost:3000/verify/jane@example.com?code=123456&access_token=tok-abc"));
    reportBrowserError({
      kind: "unhandledrejection",
      message: "TypeError: refresh_token=rt-secret-1 rejected for ana@example.org",
      stack: "TypeError: x\n    at send (http://localhost:3000/assets/app.js?otp=654321:1:2)",
      path: "/profile?code=777777",
      requestId: "browser-req-1",
    });
    await flushErrorReports();
    await ingest.waitFor((seen) => seen.events().length === 2);
    const bodies = ingest.received.map((envelope) => envelope.body).join("\n");
    for (const secret of [
      "jane@example.com",
      "ana@example.org",
      "482913",
      "123456",
      "654321",
      "777777",
      "Secret-Pass-1",
      "rt-secret-1",
      "tok-abc",
      jwt,
      "eyJ",
      "010-9999",
    ]) {
      expect(bodies).not.toContain(secret);
    }
    expect(bodies).toContain("[redacted]");
    const [server, browser] = ingest.events();
    expect(server?.request).toEqual({ method: "GET", url: "/verify/[redacted]" });
    expect(browser).toMatchObject({
      platform: "javascript",
      request: { url: "/profile" },
      tags: { source: "browser", kind: "unhandledrejection" },
    });
    expect(exceptionOf(browser)[0]).toMatchObject({ type: "TypeError", value: "refresh_token=[redacted] rejected for [redacted]" });
  });

  it("sends nothing when reporting is off, and loads no SDK for it", async () => {
    await startErrorReporting(null);
    reportServerError(new Error("not sent"));
    expect(await flushErrorReports()).toBe(true);
    await start();
    reportServerError(new Error("sent"));
    await flushErrorReports();
    await ingest.waitFor((seen) => seen.events().length === 1);
    expect(exceptionOf(ingest.events()[0]).map((value) => value.value)).toEqual(["sent"]);
  });

  it(`sends at most ${ITEMS_PER_MINUTE} reports a window and the rest when the next one starts`, async () => {
    const windowMs = 3_000;
    await start({ windowMs });
    const began = Date.now();
    for (let i = 0; i < ITEMS_PER_MINUTE + 5; i += 1) reportServerError(new Error(`error ${i}`));
    await ingest.waitFor((seen) => seen.events().length === ITEMS_PER_MINUTE + 5);
    const arrivals = ingest.received.map((envelope) => envelope.receivedAt).sort((a, b) => a - b);
    expect(arrivals[ITEMS_PER_MINUTE]! - began).toBeGreaterThanOrEqual(windowMs);
    const messages = ingest.events().map((event) => exceptionOf(event)[0]?.value);
    expect(new Set(messages).size).toBe(ITEMS_PER_MINUTE + 5);
  });

  it(`keeps at most ${MAX_QUEUED_ITEMS} reports waiting and says how many it dropped`, async () => {
    await start({ windowMs: 1_000 });
    // Held answers keep the first minute's reports in flight: the queue fills and stays full.
    ingest.hold();
    const reported = ITEMS_PER_MINUTE + MAX_QUEUED_ITEMS + 7;
    for (let i = 0; i < reported; i += 1) reportServerError(new Error(`error ${i}`));
    await ingest.waitFor((seen) => seen.received.length === ITEMS_PER_MINUTE);
    ingest.release();
    await ingest.waitFor((seen) => seen.events().length === MAX_QUEUED_ITEMS);
    await flushErrorReports();
    await ingest.waitFor((seen) => seen.clientReports().length > 0);
    expect(ingest.events()).toHaveLength(MAX_QUEUED_ITEMS);
    // The oldest are kept: every report that arrived was among the first hundred.
    const numbers = ingest.events().map((event) => Number(/\d+$/.exec(exceptionOf(event)[0]?.value ?? "")?.[0]));
    expect(Math.max(...numbers)).toBe(MAX_QUEUED_ITEMS - 1);
    const dropped = ingest.clientReports().flatMap((report) => report.discarded_events ?? []);
    expect(dropped).toContainEqual({ reason: "queue_overflow", category: "error", quantity: reported - MAX_QUEUED_ITEMS });
  });

  it(`sends nothing above ${MAX_PAYLOAD_BYTES} bytes`, async () => {
    await start();
    reportServerError(new Error("m".repeat(MAX_PAYLOAD_BYTES * 2)));
    await flushErrorReports();
    await ingest.waitFor((seen) => seen.events().length === 1);
    expect(Buffer.byteLength(ingest.received[0]!.body)).toBeLessThan(MAX_PAYLOAD_BYTES);

    const frames = Array.from({ length: 50 }, (_, i) => ({ function: `f${i}`, filename: "x".repeat(20_000) }));
    const huge = {
      event_id: "e",
      message: "big",
      extra: { blob: "y".repeat(MAX_PAYLOAD_BYTES) },
      exception: { values: [{ type: "Error", value: "z".repeat(MAX_PAYLOAD_BYTES), stacktrace: { frames } }] },
    };
    const cut = withinPayloadLimit(huge);
    expect(Buffer.byteLength(JSON.stringify(cut))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(cut.extra).toEqual({ truncated: true });
  });

  it("a refused or unreachable ingest server costs the portal nothing, and its rate limit is honoured", async () => {
    ingest.respondWith(500);
    await start();
    expect(() => reportServerError(new Error("refused"))).not.toThrow();
    await flushErrorReports();
    await ingest.waitFor((seen) => seen.received.length === 1);

    ingest.respondWith(429, { "Retry-After": "60" });
    reportServerError(new Error("rate limited"));
    await flushErrorReports();
    await ingest.waitFor((seen) => seen.received.length === 2);
    reportServerError(new Error("held back by the rate limit"));
    await flushErrorReports();
    expect(ingest.events().map((event) => exceptionOf(event)[0]?.value)).toEqual(["refused", "rate limited"]);

    await startErrorReporting({ dsn: "http://publictestkey@127.0.0.1:9/1", environment: "production", release: "x", logger: silent });
    expect(() => reportServerError(new Error("lost"))).not.toThrow();
    expect(await flushErrorReports()).toBe(true);
  });
});
