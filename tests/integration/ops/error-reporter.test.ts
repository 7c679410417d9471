import { pino } from "pino";
import { afterEach, assert, beforeEach, describe, expect, it } from "vitest";
import {
  createErrorReporter,
  ITEMS_PER_MINUTE,
  MAX_PAYLOAD_BYTES,
  MAX_QUEUED_ITEMS,
  serializeWithinLimit,
  type ErrorItem,
  type ErrorReporterOptions,
} from "~/services/error-reporter.server";
import { startHttpSink, type HttpSink } from "./support/http-sink";

const silent = pino({ level: "silent" });
let sink: HttpSink;

beforeEach(async () => {
  sink = await startHttpSink();
});
afterEach(async () => {
  await sink.close();
});

function reporter(overrides: Partial<ErrorReporterOptions> = {}) {
  return createErrorReporter({
    enabled: true,
    endpoint: `${sink.url}/api/1/item/`,
    token: "reporting-token-for-tests",
    environment: "production",
    codeVersion: "abc123",
    logger: silent,
    ...overrides,
  });
}

const items = () => sink.received.map((request) => JSON.parse(request.body) as ErrorItem);

describe("error reporter", () => {
  it("sends one JSON item with level, message, stack, request id, environment, code version and timestamp", async () => {
    const errors = reporter({ now: () => 1_700_000_000_123 });
    errors.report({
      message: "TypeError: boom",
      stack: "TypeError: boom\n    at loader (index.js:1:2)",
      requestId: "req-1",
      method: "GET",
      path: "/profile?tab=x",
    });
    await errors.flush();
    const [request] = await sink.waitForCount(1);
    assert.isDefined(request);
    expect(request.method).toBe("POST");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers.authorization).toBe("Bearer reporting-token-for-tests");
    const [item] = items();
    assert.isDefined(item);
    expect(item.data).toMatchObject({
      environment: "production",
      level: "error",
      timestamp: 1_700_000_000,
      code_version: "abc123",
      platform: "node",
      context: "/profile",
      request: { id: "req-1", method: "GET", path: "/profile" },
      body: { message: { body: "TypeError: boom", stack: expect.stringContaining("at loader") } },
    });
    expect(errors.stats()).toMatchObject({ sent: 1, failed: 0, dropped: 0 });
  });

  it("redacts tokens, passwords, codes, phone numbers and e-mail addresses before sending", async () => {
    const errors = reporter();
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jbyJ9.abcdefghijklmnop";
    errors.report({
      message: `failed for jane@example.com with code 482913 and password=Secret-Pass-1 via Bearer ${jwt}`,
      stack: "sms to +1 (555) 010-9999 failed",
      path: "/verify/jane@example.com",
    });
    await errors.flush();
    const [received] = await sink.waitForCount(1);
    assert.isDefined(received);
    const body = received.body;
    for (const secret of ["jane@example.com", "482913", "Secret-Pass-1", jwt, "eyJ", "010-9999"]) expect(body).not.toContain(secret);
    expect(body).toContain("[redacted]");
  });

  it("sends nothing when disabled or without an endpoint", async () => {
    const off = reporter({ enabled: false });
    off.report({ message: "ignored" });
    await off.flush();
    const noEndpoint = reporter({ endpoint: undefined });
    noEndpoint.report({ message: "ignored" });
    await noEndpoint.flush();
    // A later, enabled item arriving first proves the earlier ones were never sent.
    const on = reporter();
    on.report({ message: "sent" });
    await on.flush();
    await sink.waitForCount(1);
    expect(items().map((item) => item.data.body.message.body)).toEqual(["sent"]);
  });

  it(`sends at most ${ITEMS_PER_MINUTE} items a minute and the rest when the next minute starts`, async () => {
    let clock = 1_000_000;
    const errors = reporter({ now: () => clock });
    for (let i = 0; i < ITEMS_PER_MINUTE + 5; i += 1) errors.report({ message: `error ${i}` });
    await sink.waitForCount(ITEMS_PER_MINUTE);
    await expect.poll(() => errors.stats()).toMatchObject({ sent: ITEMS_PER_MINUTE, queued: 5 });
    expect(sink.received).toHaveLength(ITEMS_PER_MINUTE);
    clock += 60_000;
    await errors.flush();
    expect(sink.received).toHaveLength(ITEMS_PER_MINUTE + 5);
    expect(items().at(-1)!.data.body.message.body).toBe(`error ${ITEMS_PER_MINUTE + 4}`);
  });

  it(`keeps at most ${MAX_QUEUED_ITEMS} waiting items, dropping and counting the oldest`, async () => {
    let clock = 5_000_000;
    const errors = reporter({ now: () => clock });
    for (let i = 0; i < ITEMS_PER_MINUTE; i += 1) errors.report({ message: `first minute ${i}` });
    await sink.waitForCount(ITEMS_PER_MINUTE);
    for (let i = 0; i < MAX_QUEUED_ITEMS + 7; i += 1) errors.report({ message: `waiting ${i}` });
    expect(errors.stats()).toMatchObject({ queued: MAX_QUEUED_ITEMS, dropped: 7 });
    clock += 60_000;
    await sink.waitForCount(ITEMS_PER_MINUTE * 2);
    const secondMinute = items().slice(ITEMS_PER_MINUTE);
    expect(secondMinute[0]?.data.body.message.body).toBe("waiting 7");
    expect(secondMinute[0]?.data.notifier.dropped_before).toBe(7);
    expect(items().filter((item) => item.data.notifier.dropped_before > 0)).toHaveLength(1);
  });

  it(`truncates an item above ${MAX_PAYLOAD_BYTES} bytes`, async () => {
    const errors = reporter();
    errors.report({ message: "big", stack: "x".repeat(40_000) });
    await errors.flush();
    const [received] = await sink.waitForCount(1);
    assert.isDefined(received);
    expect(Buffer.byteLength(received.body)).toBeLessThan(MAX_PAYLOAD_BYTES);

    const huge: ErrorItem = JSON.parse(received.body);
    huge.data.body.message.stack = "y".repeat(MAX_PAYLOAD_BYTES * 2);
    huge.data.body.message.body = "m".repeat(MAX_PAYLOAD_BYTES);
    const text = serializeWithinLimit(huge);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(JSON.parse(text).data.truncated).toBe(true);
  });

  it("counts a refused or unreachable endpoint as failed without throwing", async () => {
    sink.respondWith(500);
    const errors = reporter();
    errors.report({ message: "refused" });
    await errors.flush();
    const unreachable = reporter({ endpoint: "http://127.0.0.1:9/unreachable" });
    unreachable.report({ message: "lost" });
    await unreachable.flush();
    expect(errors.stats()).toMatchObject({ sent: 0, failed: 1 });
    expect(unreachable.stats()).toMatchObject({ sent: 0, failed: 1 });
  });
});
