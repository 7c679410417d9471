import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { CLIENT_ID, CLIENT_SECRET, createTestClock, emailsTo, startTestService } from "./support.ts";

/**
 * The acknowledgement of a barrier reported on the portal's accessibility statement: only the portal
 * (its client credentials) can ask for it, it goes to the address given in the reporter's language,
 * and one address receives at most three a day however often it is asked for.
 */
const clock = createTestClock();
let service: RunningIdentityService;

beforeAll(async () => {
  service = await startTestService(clock.now);
}, 60_000);

afterAll(async () => {
  await service?.close();
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

function ask(body: Record<string, unknown>, authorization: string | null = basic(CLIENT_ID, CLIENT_SECRET)) {
  return fetch(new URL("/api/portal/barrier-report-receipt", service.url), {
    method: "POST",
    headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
}

describe("barrier report receipts", () => {
  it("are refused to anyone but the portal, and nothing is sent", async () => {
    const body = { to: "stranger@example.test", reference: "BR-2026-7K3M9Q" };
    expect((await ask(body, null)).status).toBe(401);
    expect((await ask(body, basic(CLIENT_ID, "not-the-secret"))).status).toBe(401);
    expect((await ask(body, basic("someone-else", CLIENT_SECRET))).status).toBe(401);
    expect(await emailsTo(service.url, "stranger@example.test")).toEqual([]);
  });

  it("are e-mailed to the address given, in the reporter's language, with the reference", async () => {
    expect((await ask({ to: "reportera@example.test", reference: "BR-2026-ABCDEF", language: "es" })).status).toBe(200);
    const [mail] = await emailsTo(service.url, "reportera@example.test");
    expect(mail?.subject).toBe("Recibimos su reporte de accesibilidad BR-2026-ABCDEF");
    expect(mail?.purpose).toBe("notice");
  });

  it("reach one address at most three times a day, then again the next day", async () => {
    const to = "Flooded@Example.test";
    for (const reference of ["BR-2026-AAAAAA", "BR-2026-BBBBBB", "BR-2026-CCCCCC"]) expect((await ask({ to, reference })).status).toBe(200);
    const refused = await ask({ to: to.toLowerCase(), reference: "BR-2026-DDDDDD" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await emailsTo(service.url, to)).toHaveLength(3);
    clock.advance(24 * 60 * 60_000 + 1000);
    expect((await ask({ to, reference: "BR-2026-EEEEEE" })).status).toBe(200);
  });

  it("count tagged variants of one mailbox ('name+1@') as that mailbox", async () => {
    for (const tag of ["a", "b", "c"]) expect((await ask({ to: `box+${tag}@example.test`, reference: "BR-2026-FFFFFF" })).status).toBe(200);
    expect((await ask({ to: "Box+d@Example.test", reference: "BR-2026-GGGGGG" })).status).toBe(429);
    expect((await ask({ to: "box@example.test", reference: "BR-2026-HHHHHH" })).status).toBe(429);
  });

  it("a malformed request is a 400", async () => {
    expect((await ask({ to: "not an address", reference: "BR-2026-ABCDEF" })).status).toBe(400);
    expect((await ask({ to: "a@example.test", reference: "anything" })).status).toBe(400);
  });
});
