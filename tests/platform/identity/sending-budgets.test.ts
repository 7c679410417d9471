import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { DEFAULT_SENDING_BUDGETS, sendingBudgetsFrom } from "../../../platform/identity/store/sending-budget.ts";
import {
  beginSignIn,
  Browser,
  createTestClock,
  openRecovery,
  participants,
  solvedCaptchaToken,
  startTestService,
  submit,
} from "./support.ts";

/**
 * Text and voice messages cost money. These reproduce the pumping seen from the internet — one
 * account enrolling number after number, and recovery calling one phone again and again without a
 * password — and check that every budget holds: nothing is sent past it, the page says so, and a
 * spent deployment-wide budget raises an operational alert.
 */
const clock = createTestClock();
let service: RunningIdentityService;
let base: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  service = await startTestService(clock.now, {
    logger: pino({ level: "info" }, sink),
    sendingBudgets: sendingBudgetsFrom({
      ...DEFAULT_SENDING_BUDGETS,
      accountHourly: 4,
      accountDaily: 8,
      numberHourly: 4,
      numberDaily: 8,
      recoveryNumberHourly: 2,
      recoveryNumberDaily: 4,
      establishedHourly: 1000,
      newcomerHourly: 1000,
      recoveryHourly: 1000,
      smsHourly: 1000,
      voiceHourly: 3,
      // The whole deployment budget is open to recovery here, so three calls spend it.
      reservedPercent: 0,
      newNumbersDaily: 2,
      newNumbersBeforeCheck: 1,
    }),
  });
  base = service.url;
});

afterAll(async () => {
  await service?.close();
});

const [ada, grace, alan, katherine] = participants;
if (!ada || !grace || !alan || !katherine) throw new Error("the demo participants are missing");

async function messagesTo(to: string): Promise<number> {
  return ((await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(to)}`, base))).json()) as unknown[]).length;
}

async function enrolNumber(phoneNumber: string) {
  const browser = new Browser(base);
  const { html } = await beginSignIn(browser);
  const enrol = await submit(browser, html, { username: alan!.email, password: alan!.password });
  return { browser, ...(await submit(browser, enrol.html, { phoneNumber })) };
}

async function recoveryCall(email: string) {
  const browser = new Browser(base);
  const select = await openRecovery(browser, email);
  return submit(browser, select.html, { authMethod: "voice", captchaToken: await solvedCaptchaToken(base) });
}

describe("enrolling phone numbers", () => {
  it("an account may add two new numbers a day, the second only past the security check; the third is refused", async () => {
    expect((await enrolNumber("+15555550201")).html).toContain("(***) ***-0201");
    const second = await enrolNumber("+15555550202");
    expect(second.response.status).toBe(429);
    expect(second.html).toContain("A quick security check");
    expect(second.html).toContain('value="+15555550202"');
    expect(await messagesTo("+15555550202")).toBe(0);
    const checked = await submit(second.browser, second.html, { captchaToken: await solvedCaptchaToken(base) });
    expect(checked.html).toContain("(***) ***-0202");
    // Without JavaScript the check is the stated wait.
    const third = await enrolNumber("+15555550203");
    clock.advance(15_000);
    const refused = await submit(third.browser, third.html, {});
    expect(refused.response.status).toBe(429);
    expect(refused.html).toContain("This account has added too many new phone numbers today.");
    expect(await messagesTo("+15555550203")).toBe(0);
    // The same number again is not a new one.
    clock.advance(31_000);
    expect((await enrolNumber("+15555550202")).html).toContain("(***) ***-0202");
  });
});

describe("recovery with no password known", () => {
  it("calls one phone at most twice an hour, then says plainly that codes cannot be sent", async () => {
    expect((await recoveryCall(grace.email)).response.status).toBe(200);
    clock.advance(31_000);
    expect((await recoveryCall(grace.email)).response.status).toBe(200);
    clock.advance(31_000);
    const third = await recoveryCall(grace.email);
    expect(third.response.status).toBe(429);
    expect(third.html).toMatch(/We cannot send codes right now\. Please try again in \d+ minutes\./);
    expect(await messagesTo(grace.phone ?? "")).toBe(2);
  });
});

describe("the deployment-wide voice budget", () => {
  it("stops every voice call once spent and raises one operational alert", async () => {
    // One voice call is already spent above... twice; one more to another participant spends the hour's three.
    expect((await recoveryCall(katherine.email)).response.status).toBe(200);
    clock.advance(31_000);
    const refused = await recoveryCall(ada.email);
    expect(refused.response.status).toBe(429);
    expect(await messagesTo(ada.phone ?? "")).toBe(0);
    clock.advance(31_000);
    await recoveryCall(ada.email);
    const alerts = logLines.filter((line) => line.alert === "voice-budget-exhausted");
    expect(alerts).toHaveLength(1);
    expect(JSON.stringify(alerts)).not.toContain("5555550");
  });
});
