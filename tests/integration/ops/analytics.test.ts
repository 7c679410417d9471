import { pino } from "pino";
import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { createAnalytics, type AnalyticsOptions } from "~/services/analytics.server";
import { privacyChoicesCookie } from "~/services/privacy-choices.server";
import { startHttpSink, type HttpSink } from "./support/http-sink";

let sink: HttpSink;
let consentCookie: string;
let refusalCookie: string;

beforeAll(async () => {
  sink = await startHttpSink();
  consentCookie = (await privacyChoicesCookie.serialize({ analytics: true })).split(";", 1)[0] ?? "";
  refusalCookie = (await privacyChoicesCookie.serialize({ analytics: false })).split(";", 1)[0] ?? "";
});
afterAll(() => sink.close());

function analytics(overrides: Partial<AnalyticsOptions> = {}) {
  return createAnalytics({
    enabled: true,
    url: `${sink.url}/api/v1/identify`,
    appId: "app-1",
    logger: pino({ level: "silent" }),
    ...overrides,
  });
}

function pageRequest(cookie?: string) {
  return new Request("http://localhost:3000/", { headers: { ...(cookie ? { Cookie: cookie } : {}), "x-request-id": "page-req-1" } });
}

describe("identifyParticipant", () => {
  it("sends only the heapIdentifier, with the request id, when the participant consented", async () => {
    const before = sink.received.length;
    const outcome = await analytics().identifyParticipant({ request: pageRequest(consentCookie), heapIdentifier: "heap-123" });
    expect(outcome).toBe("sent");
    const [call] = sink.received.slice(before);
    assert.isDefined(call);
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/api/v1/identify");
    expect(call.headers["x-request-id"]).toBe("page-req-1");
    expect(JSON.parse(call.body)).toEqual({ app_id: "app-1", identity: "heap-123" });
  });

  it("sends nothing without consent, without an identifier, when useHeapIdentify is off or no URL is set", async () => {
    const before = sink.received.length;
    const on = analytics();
    expect(await on.identifyParticipant({ request: pageRequest(), heapIdentifier: "heap-1" })).toBe("skipped");
    expect(await on.identifyParticipant({ request: pageRequest(refusalCookie), heapIdentifier: "heap-1" })).toBe("skipped");
    expect(await on.identifyParticipant({ request: pageRequest(consentCookie), heapIdentifier: "" })).toBe("skipped");
    expect(await on.identifyParticipant({ request: pageRequest(consentCookie), heapIdentifier: null })).toBe("skipped");
    expect(await analytics({ enabled: false }).identifyParticipant({ request: pageRequest(consentCookie), heapIdentifier: "heap-1" })).toBe(
      "skipped",
    );
    expect(await analytics({ url: undefined }).identifyParticipant({ request: pageRequest(consentCookie), heapIdentifier: "heap-1" })).toBe(
      "skipped",
    );
    expect(sink.received.length).toBe(before);
  });

  it("identifies the same participant once an hour", async () => {
    let clock = 0;
    const tracker = analytics({ now: () => clock });
    const call = () => tracker.identifyParticipant({ request: pageRequest(consentCookie), heapIdentifier: "heap-again" });
    expect(await call()).toBe("sent");
    expect(await call()).toBe("skipped");
    clock += 60 * 60 * 1000;
    expect(await call()).toBe("sent");
  });

  it("gives up after its timeout and on errors without throwing", async () => {
    sink.hold();
    const slow = analytics({ timeoutMs: 100 }).identifyParticipant({ request: pageRequest(consentCookie), heapIdentifier: "heap-slow" });
    await expect(slow).resolves.toBe("failed");
    sink.release();
    sink.respondWith(500);
    expect(await analytics().identifyParticipant({ request: pageRequest(consentCookie), heapIdentifier: "heap-500" })).toBe("failed");
    sink.respondWith(200);
    expect(
      await analytics({ url: "http://127.0.0.1:9/identify" }).identifyParticipant({
        request: pageRequest(consentCookie),
        heapIdentifier: "heap-down",
      }),
    ).toBe("failed");
  });
});
