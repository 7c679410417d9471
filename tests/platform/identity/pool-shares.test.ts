import { describe, expect, it } from "vitest";
import { DEFAULT_SENDING_BUDGETS, sendingBudgetsFrom } from "../../../platform/identity/store/sending-budget.ts";
import { beginSignIn, Browser, identityServiceForSuite, openRecovery, participants, solvedCaptchaToken, submit } from "./support.ts";

/**
 * The newcomers' pool (300 an hour) was spent by about 150 accounts one actor registered, and the
 * recovery pool (200 an hour) by 210 recovery starts against 70 e-mails. Inside each pool, one client
 * address may now use a tenth, and the accounts registered in one hour a quarter, so neither a script
 * at one address nor a burst of accounts takes what everyone else is waiting for. Recovery from the
 * participant's remembered browser has its own reserved share (tests/platform/identity/stranger-lockout.test.ts).
 */

const HOUR = 3_600_000;
const base0 = participants[0]!;
/** Participants from the program's records (no registration cohort), each with a phone. */
const imported = Array.from({ length: 6 }, (_, i) => ({
  ...base0,
  userId: `Q${100 + i}`,
  email: `imported${i}@example.test`,
  phone: `+1555557${String(1000 + i)}`,
}));

// Pools of 40 an hour: one address may use 4, one registration hour 10; the anonymous recovery 30.
const idp = identityServiceForSuite(
  {
    trustedProxies: ["loopback"],
    sendingBudgets: sendingBudgetsFrom({
      ...DEFAULT_SENDING_BUDGETS,
      newcomerHourly: 40,
      recoveryHourly: 40,
      smsHourly: 100_000,
      voiceHourly: 100_000,
      reservedPercent: 0,
    }),
  },
  imported,
);

async function outbox(to: string): Promise<{ code?: string }[]> {
  return (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(to)}`, idp.url))).json()) as { code?: string }[];
}

/** To the start of the next clock hour: a new registration cohort. */
function nextHour() {
  const now = idp.clock.now().getTime();
  idp.clock.advance(HOUR - (now % HOUR) + 60_000);
}

let registered = 0;
/**
 * A new account registered from `address`, which asks for a code to a new number: whether the code
 * was sent. With `finish`, the code is entered, so the account has that phone.
 */
async function registerAndEnrol(address: string, finish = false) {
  const n = (registered += 1);
  const browser = new Browser(idp.url, address);
  const started = await beginSignIn(browser);
  const form = await browser.follow(await browser.get(`/interaction/${started.uid}/register`));
  const email = `cohort${n}@example.test`;
  const password = `pumping-numbers-${n}-2031`;
  const check = await submit(browser, await form.text(), {
    email,
    firstName: "Mal",
    lastName: `Lory ${n}`,
    password,
    confirmPassword: password,
  });
  const [mail] = await outbox(email);
  const enrol = await submit(browser, check.html, { intent: "verify", code: mail?.code ?? "" });
  expect(enrol.html).toContain('name="phoneNumber"');
  const phone = `+1555559${String(1000 + n)}`;
  const asked = await submit(browser, enrol.html, { phoneNumber: phone });
  const [code] = await outbox(phone);
  if (code && finish) await submit(browser, asked.html, { intent: "verify", code: code.code ?? "" });
  return { email, phone, sent: Boolean(code), html: asked.html };
}

/** An anonymous recovery text asked for from `address` (the security check solved): whether it was sent. */
async function recoveryText(address: string, email: string, phone: string) {
  const before = (await outbox(phone)).length;
  const browser = new Browser(idp.url, address);
  const select = await openRecovery(browser, email);
  idp.clock.advance(1_000);
  const page = await submit(browser, select.html, { authMethod: "sms", captchaToken: await solvedCaptchaToken(idp.url) });
  return { sent: (await outbox(phone)).length > before, page };
}

describe("the newcomers' pool", { timeout: 240_000 }, () => {
  it("gives one address a tenth of it: its fifth new number waits, another address's is sent", async () => {
    nextHour();
    for (let i = 0; i < 4; i++) expect((await registerAndEnrol("203.0.113.1")).sent).toBe(true);
    const fifth = await registerAndEnrol("203.0.113.1");
    expect(fifth.sent).toBe(false);
    expect(fifth.html).toMatch(/We cannot send codes right now\. Please try again in \d+ minutes\./);
    expect((await registerAndEnrol("203.0.113.2")).sent).toBe(true);
  });

  it("gives the accounts registered in one hour a quarter of it, from any number of addresses; the next hour's are sent", async () => {
    nextHour();
    for (let i = 0; i < 10; i++) expect((await registerAndEnrol(`198.51.100.${10 + i}`, true)).sent).toBe(true);
    expect((await registerAndEnrol("198.51.100.20")).sent).toBe(false);
    nextHour();
    expect((await registerAndEnrol("198.51.100.21")).sent).toBe(true);
  });
});

describe("the recovery pool", { timeout: 240_000 }, () => {
  it("gives one address a tenth of it: its fifth recovery text waits, another address's is sent", async () => {
    nextHour();
    for (const person of imported.slice(0, 4)) expect((await recoveryText("203.0.113.50", person.email, person.phone)).sent).toBe(true);
    const fifth = await recoveryText("203.0.113.50", imported[4]!.email, imported[4]!.phone);
    expect(fifth.sent).toBe(false);
    expect(fifth.page.response.status).toBe(429);
    expect((await recoveryText("203.0.113.51", imported[4]!.email, imported[4]!.phone)).sent).toBe(true);
  });

  it("gives the accounts registered in one hour a quarter of it; participants from the program's records are not held back", async () => {
    nextHour();
    const cohort = [];
    for (let i = 0; i < 11; i++) cohort.push(await registerAndEnrol(`192.0.2.${10 + i}`, true));
    nextHour();
    for (const [i, account] of cohort.slice(0, 10).entries())
      expect((await recoveryText(`192.0.2.${100 + i}`, account.email, account.phone)).sent).toBe(true);
    expect((await recoveryText("192.0.2.110", cohort[10]!.email, cohort[10]!.phone)).sent).toBe(false);
    expect((await recoveryText("192.0.2.111", imported[5]!.email, imported[5]!.phone)).sent).toBe(true);
  });
});
