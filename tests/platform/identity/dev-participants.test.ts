import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfigFromEnv } from "../../../platform/identity/config.ts";
import type { CreatedParticipant } from "../../../platform/identity/dev/participants-route.ts";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { beginSignIn, Browser, createTestClock, signIn, startTestService, submit } from "./support.ts";

/**
 * Tests create the participants they need: POST /dev/participants makes a new account with the
 * phone and sign-in factors asked for, a new e-mail and phone number each time, in development only.
 */
const clock = createTestClock();
let service: RunningIdentityService;
const others: RunningIdentityService[] = [];

beforeAll(async () => {
  service = await startTestService(clock.now, { humanCheckWaitSeconds: 2 });
});

afterAll(async () => {
  await Promise.all([service?.close(), ...others.map((other) => other.close())]);
});

const create = (base: string, body: unknown) =>
  fetch(new URL("/dev/participants", base), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function created(body: Record<string, unknown>): Promise<CreatedParticipant> {
  const response = await create(service.url, { firstName: "Test", lastName: "Participant", ...body });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedParticipant;
}

describe("POST /dev/participants in development", () => {
  it("creates a participant with a new e-mail and phone each time, who signs in with a code sent to that phone", async () => {
    const first = await created({ label: "ada", phoneMethods: ["sms"] });
    const second = await created({ label: "ada" });
    expect(first.email).toMatch(/^ada\.[0-9a-f]+@example\.test$/);
    expect(new Set([first.email, second.email]).size).toBe(2);
    expect(new Set([first.userId, second.userId]).size).toBe(2);
    expect(first.phone).toMatch(/^\+15556\d{6}$/);
    expect(first.phone).not.toBe(second.phone);
    expect(first.phoneMethods).toEqual(["sms"]);
    expect(second.phoneMethods).toEqual(["sms", "voice"]);
    const { code } = await signIn(new Browser(service.url), { ...first, phone: first.phone!, middleName: "", locale: "en" });
    expect(code).toBeTruthy();
  });

  it("creates a participant without a phone, whom sign-in asks to enrol one", async () => {
    const person = await created({ phone: false, password: "Enrol-Test-Lantern" });
    expect(person.phone).toBeNull();
    expect(person.password).toBe("Enrol-Test-Lantern");
    const browser = new Browser(service.url);
    const identified = await submit(browser, (await beginSignIn(browser)).html, { username: person.email, password: person.password });
    expect(identified.html).toContain('name="phoneNumber"');
  });

  it("sets up the authenticator app and recovery codes asked for, which sign-in then offers", async () => {
    const person = await created({ totpSecret: "PMLNLPNR56VICMHJYV6VFMRT6AYALWHB", recoveryCodes: ["CZ6EP-34VK5", "DM3YJ-834FF"] });
    const browser = new Browser(service.url);
    const identified = await submit(browser, (await beginSignIn(browser)).html, { username: person.email, password: person.password });
    expect(identified.html).toContain('value="totp"');
    expect(identified.html).toContain("recovery code");
  });

  it("creates a participant whose phone's sending budget is spent: no text is sent, the error says so and offers the app", async () => {
    const person = await created({ label: "spent", phoneBudgetSpent: true, totpSecret: "PMLNLPNR56VICMHJYV6VFMRT6AYALWHB" });
    const browser = new Browser(service.url);
    const identified = await submit(browser, (await beginSignIn(browser)).html, { username: person.email, password: person.password });
    const refused = await submit(browser, identified.html, { authMethod: "sms" });
    expect(refused.response.status).toBe(429);
    expect(refused.html).toMatch(/We cannot send codes right now\. Please try again in (59|60) minutes\./);
    expect(refused.html).toContain("You can confirm it&#39;s you another way instead.");
    expect(refused.html).toContain('value="totp"');
    const outbox = (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(person.phone!)}`, service.url))).json()) as unknown[];
    expect(outbox).toHaveLength(0);
  });

  it("creates a participant at the password failure cap: even the right password is refused", async () => {
    const person = await created({ label: "capped", atPasswordFailureCap: true });
    const browser = new Browser(service.url);
    const identified = await submit(browser, (await beginSignIn(browser)).html, { username: person.email, password: person.password });
    expect(identified.html).toContain("can no longer be used after too many incorrect tries");
    expect(identified.html).not.toContain('name="authMethod"');
  });

  it("refuses a request that does not describe a participant with a 400, and other methods with a 405", async () => {
    expect((await create(service.url, { lastName: "Nobody" })).status).toBe(400);
    expect((await create(service.url, { firstName: "A", lastName: "B", totpSecret: "not base32" })).status).toBe(400);
    expect((await create(service.url, { firstName: "A", lastName: "B", email: "chosen@example.test" })).status).toBe(400);
    expect((await fetch(new URL("/dev/participants", service.url))).status).toBe(405);
  });
});

describe("outside development", () => {
  it("POST /dev/participants is absent (404)", async () => {
    const production = await startTestService(clock.now, { production: true });
    others.push(production);
    expect((await create(production.url, { firstName: "Test", lastName: "Participant" })).status).toBe(404);
  }, 120_000);
});

describe("the security check's wait without JavaScript", () => {
  it("is SPEC's 15 seconds unless HUMAN_CHECK_WAIT_SECONDS says otherwise", () => {
    expect(loadConfigFromEnv({}).humanCheckWaitSeconds).toBe(15);
    expect(loadConfigFromEnv({ HUMAN_CHECK_WAIT_SECONDS: "1" }).humanCheckWaitSeconds).toBe(1);
    expect(() => loadConfigFromEnv({ HUMAN_CHECK_WAIT_SECONDS: "0" })).toThrow(/HUMAN_CHECK_WAIT_SECONDS/);
  });

  it("is the configured one: stated on the page, too soon before it, passed after it", async () => {
    const person = await created({ label: "sam" });
    const stranger = new Browser(service.url);
    let html = (await beginSignIn(stranger)).html;
    for (let attempt = 0; attempt < 10; attempt += 1)
      html = (await submit(stranger, html, { username: person.email, password: `wrong-${attempt}` })).html;
    const participant = new Browser(service.url);
    const asked = await submit(participant, (await beginSignIn(participant)).html, { username: person.email, password: person.password });
    expect(asked.html).toContain("Wait 2 seconds, then select &#39;Sign in&#39; again.");
    const early = await submit(participant, asked.html, { password: person.password });
    expect(early.html).toContain("The security check needs 2 more seconds.");
    clock.advance(2_000);
    const through = await submit(participant, early.html, { password: person.password });
    expect(through.html).toContain("Verify it&#39;s you");
  });
});

describe("DEMO_PARTICIPANTS_FILE set empty", () => {
  it("seeds no demo account", async () => {
    const skipped = loadConfigFromEnv({ DEMO_PARTICIPANTS_FILE: "" }).demoParticipantsFile;
    expect(skipped).toBeUndefined();
    const empty = await startTestService(clock.now, { demoParticipantsFile: skipped });
    others.push(empty);
    const link = await fetch(new URL("/dev/results-link", empty.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ada@example.test" }),
    });
    expect(link.status).toBe(404);
  }, 120_000);
});
