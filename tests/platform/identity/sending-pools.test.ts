import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfigFromEnv } from "../../../platform/identity/config.ts";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import { DEFAULT_SENDING_BUDGETS, sendingBudgetsFrom } from "../../../platform/identity/store/sending-budget.ts";
import { totpCode } from "../../support/totp-codes";
import { visibleText } from "../../support/visible-text.ts";
import {
  beginSignIn,
  Browser,
  createTestClock,
  openRecovery,
  participants,
  REDIRECT_URI,
  solvedCaptchaToken,
  startTestService,
  submit,
} from "./support.ts";

/**
 * Who pays for a code, and who can be kept from one. Reproduces what was seen: self-registered
 * accounts draining the one sending budget every participant's sign-in shared, a stranger's recovery
 * starts spending a participant's own per-number budget (and telling which e-mails have accounts
 * when it ran out), and a refusal page that still said a code was sent.
 */
const TARA_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const base0 = participants[0]!;
const people = {
  ada: { ...base0, userId: "S1", email: "ada.pools@example.test", phone: "+15555558001" },
  katherine: { ...base0, userId: "S2", email: "katherine.pools@example.test", phone: "+15555558002" },
  // An authenticator app and recovery codes besides the phone: what the refusal page offers instead.
  tara: {
    ...base0,
    userId: "S3",
    email: "tara.pools@example.test",
    phone: "+15555558003",
    totpSecret: TARA_SECRET,
    recoveryCodes: ["2345A-BCDEF", "3456B-CDEFG"],
  },
};
type Person = (typeof people)[keyof typeof people];

const clock = createTestClock();
const logLines: Record<string, unknown>[] = [];
/** Small pools, so a handful of registrations spends the newcomers' one. */
let small: RunningIdentityService;
/** The defaults a deployment gets (config.ts), so the per-number budgets are the real ones. */
let defaults: RunningIdentityService;

async function participantsFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "idp-pools-"));
  const file = join(dir, "participants.json");
  await writeFile(file, JSON.stringify({ participants: Object.values(people) }));
  return file;
}

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const file = await participantsFile();
  small = await startTestService(clock.now, {
    demoParticipantsFile: file,
    logger: pino({ level: "info" }, sink),
    // The whole pool open to one address and one registration hour: the shares have their own tests (pool-shares.test.ts).
    sendingBudgets: sendingBudgetsFrom({ ...DEFAULT_SENDING_BUDGETS, newcomerHourly: 3, poolSourcePercent: 100, poolCohortPercent: 100 }),
  });
  defaults = await startTestService(clock.now, {
    demoParticipantsFile: file,
    sendingBudgets: loadConfigFromEnv({}).sendingBudgets,
  });
});

afterAll(async () => {
  await small?.close();
  await defaults?.close();
});

async function outbox(base: string, to: string): Promise<{ code?: string; channel: string }[]> {
  return (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(to)}`, base))).json()) as { code?: string; channel: string }[];
}

/** A stranger's own new account: registration, the e-mailed code, then the phone number it enrols. */
async function registerAndEnrol(base: string, n: number) {
  const browser = new Browser(base);
  const started = await beginSignIn(browser);
  const uid = /\/interaction\/([A-Za-z0-9_-]+)/.exec(started.html)?.[1] ?? "";
  const form = await browser.follow(await browser.get(`/interaction/${uid}/register`));
  const email = `mallory${n}@example.test`;
  const password = `pumping-numbers-${n}-2026`;
  const check = await submit(browser, await form.text(), {
    email,
    firstName: "Mal",
    lastName: `Lory ${n}`,
    password,
    confirmPassword: password,
  });
  const [mail] = await outbox(base, email);
  const enrol = await submit(browser, check.html, { intent: "verify", code: mail?.code ?? "" });
  expect(enrol.html).toContain('name="phoneNumber"');
  const phone = `+1555556${String(1000 + n)}`;
  return { phone, page: await submit(browser, enrol.html, { phoneNumber: phone }) };
}

/** Password, then a text: the page after choosing the method. */
async function askForSignInCode(base: string, who: Person, method: "sms" | "voice" = "sms") {
  const browser = new Browser(base);
  const started = await beginSignIn(browser);
  const select = await submit(browser, started.html, { username: who.email, password: who.password });
  expect(select.html).toContain('name="authMethod"');
  return { browser, select, page: await submit(browser, select.html, { authMethod: method }) };
}

/** The whole sign-in with the code from the phone; true when it ends at the portal with an authorization code. */
async function signsIn(base: string, who: Person): Promise<boolean> {
  const before = (await outbox(base, who.phone)).length;
  const { browser, page } = await askForSignInCode(base, who);
  const messages = await outbox(base, who.phone);
  if (messages.length === before) return false;
  const done = await submit(browser, page.html, { intent: "verify", code: messages[0]?.code ?? "" });
  const location = done.response.headers.get("location") ?? "";
  return location.startsWith(REDIRECT_URI) && new URL(location).searchParams.has("code");
}

/** What a stranger does with only an e-mail address: the recovery pages, the security check passed, a text asked for. */
async function recoveryStart(base: string, email: string) {
  const browser = new Browser(base);
  const select = await openRecovery(browser, email);
  return submit(browser, select.html, { authMethod: "sms", captchaToken: await solvedCaptchaToken(base) });
}

describe("fresh registrations and established participants", () => {
  it("registrations that spend the newcomers' pool never keep an established participant's code from her", async () => {
    // Start 20 s before a clock hour, so the refusals below fall on both sides of it.
    const hourMs = 3_600_000;
    clock.advance(hourMs - (clock.now().getTime() % hourMs) - 20_000);
    for (let n = 0; n < 3; n += 1) {
      const { phone, page } = await registerAndEnrol(small.url, n);
      expect(page.response.status).toBe(200);
      expect(await outbox(small.url, phone)).toHaveLength(1);
    }
    const refused = await registerAndEnrol(small.url, 3);
    expect(refused.page.response.status).toBe(429);
    expect(await outbox(small.url, refused.phone)).toHaveLength(0);

    expect(await signsIn(small.url, people.ada)).toBe(true);

    const alerts = logLines.filter((line) => line.alert === "send-budget-exhausted");
    expect(alerts.map((line) => line.budget)).toEqual(["pool:newcomer"]);
    expect(JSON.stringify(alerts)).not.toContain("5555556");
    // Once per window's length: another refusal within the hour logs nothing new, even past a clock hour.
    clock.advance(31_000);
    await registerAndEnrol(small.url, 4);
    expect(logLines.filter((line) => line.alert === "send-budget-exhausted")).toHaveLength(1);
  });
});

describe("recovery started by a stranger", () => {
  it("never spends the participant's own sign-in codes", async () => {
    for (let start = 0; start < 10; start += 1) {
      await recoveryStart(defaults.url, people.katherine.email);
      clock.advance(150_000);
    }
    expect(await signsIn(defaults.url, people.katherine)).toBe(true);
  });

  it("answers an unknown e-mail exactly as a participant's, when the recovery budget is spent too", async () => {
    const unknown = "nobody.pools@example.test";
    const answers: Record<string, { status: number; text: string }[]> = { known: [], unknown: [] };
    for (let start = 0; start < 7; start += 1) {
      for (const [who, email] of [
        ["known", people.ada.email],
        ["unknown", unknown],
      ] as const) {
        const page = await recoveryStart(defaults.url, email);
        answers[who]!.push({ status: page.response.status, text: visibleText(page.html, email) });
      }
      // Apart enough that the limit on starts per e-mail (5 in 10 minutes) is not what answers.
      clock.advance(150_000);
    }
    expect(answers.known!.some((answer) => answer.status === 429)).toBe(true);
    expect(answers.unknown).toEqual(answers.known);
  });
});

describe("a participant's own codes", () => {
  it("a sixth sign-in text within an hour is sent (the QA walk)", async () => {
    for (let signIn = 0; signIn < 6; signIn += 1) {
      expect(await signsIn(defaults.url, people.tara)).toBe(true);
      clock.advance(31_000);
    }
  });

  it("once the number's budget is spent, the page says so as an error and offers her other factors", async () => {
    let refused: Awaited<ReturnType<typeof askForSignInCode>> | null = null;
    for (let attempt = 0; attempt < 60 && !refused; attempt += 1) {
      const before = (await outbox(defaults.url, people.tara.phone)).length;
      const asked = await askForSignInCode(defaults.url, people.tara);
      if ((await outbox(defaults.url, people.tara.phone)).length === before) refused = asked;
      clock.advance(31_000);
    }
    expect(refused).not.toBeNull();
    const { browser, page } = refused!;
    expect(page.response.status).toBe(429);
    expect(page.html).not.toContain("We sent a text message");
    expect(page.html).not.toMatch(/<button[^>]*value="resend"/);
    expect(page.html).toContain('role="alert"');
    expect(page.html).toMatch(/We cannot send codes right now\. Please try again in \d+ minutes\./);
    expect(page.html).toContain('value="totp"');
    expect(page.html).toContain("Use a recovery code");
    // The alternative works: the authenticator app signs her in.
    const app = await submit(browser, page.html, { authMethod: "totp" });
    // The app's codes follow the real time (the provider checks them against it).
    const done = await submit(browser, app.html, { code: totpCode(TARA_SECRET) });
    expect(done.response.headers.get("location") ?? "").toContain(REDIRECT_URI);
  });
});
