import { describe, expect, it } from "vitest";
import { accountDelayMs, guessUnits, sourceDelayMs, yearlyRecoveryGuessing } from "../../../platform/identity/domain/guessing-limits.ts";
import { DEFAULT_SENDING_BUDGETS } from "../../../platform/identity/store/sending-budget.ts";
import { Browser, identityServiceForSuite, latestCode, openRecovery, participants, solvedCaptchaToken, submit } from "./support.ts";

/**
 * Security assessment item 4: a stranger guessing recovery codes, which needs no password, must not
 * lock the participant out. Wrong codes count against the stranger's flow and address and escalate
 * (the security check, then a growing wait before a new code); the right code is never refused.
 */

// The tests play several client addresses through a trusted proxy on loopback.
const idp = identityServiceForSuite({ trustedProxies: ["loopback"] });

const [ada, grace, , katherine, hedy] = participants;
if (!ada || !grace || !katherine || !hedy) throw new Error("the demo participants are missing");

/** A browser behind the trusted proxy at `address`. */

/** Opens 'Forgot password?' from `address` and asks for a code by `method`, solving the security check. */
async function startRecovery(address: string, email: string, method: "sms" | "voice") {
  const browser = new Browser(idp.url, address);
  const select = await openRecovery(browser, email);
  const page = await submit(browser, select.html, { authMethod: method, captchaToken: await solvedCaptchaToken(idp.url) });
  return { browser, page, uid: select.uid };
}

const wrongFor = (code: string) => (code.startsWith("0") ? code.replace(/^0/, "1") : code.replace(/^./, "0"));

async function guessWrong(browser: Browser, page: Awaited<ReturnType<typeof submit>>, phone: string, times: number) {
  const sent = await latestCode(idp.url, phone);
  let current = page;
  for (let i = 0; i < times; i += 1) current = await submit(browser, current.html, { intent: "verify", code: wrongFor(sent.code) });
  return current;
}

describe("a stranger's wrong recovery codes", () => {
  it("eight wrong voice codes across two calls: the participant's own recovery with the right code still succeeds", async () => {
    const phone = grace.phone!;
    const stranger = await startRecovery("203.0.113.7", grace.email, "voice");
    let page = await guessWrong(stranger.browser, stranger.page, phone, 5);
    expect(page.html).toContain("Too many incorrect codes. Please resend a code to get a new one.");
    // A second call: after a dead code, a new one needs the security check.
    idp.clock.advance(31_000);
    page = await submit(stranger.browser, page.html, { intent: "resend" });
    expect(page.response.status).toBe(429);
    expect(page.html).toContain("A quick security check");
    page = await submit(stranger.browser, page.html, { authMethod: "voice", captchaToken: await solvedCaptchaToken(idp.url) });
    page = await guessWrong(stranger.browser, page, phone, 3);
    expect(page.html).toContain("The code entered is not correct");

    // The participant, from home, on the same day: the right code goes through to a new password.
    const own = await startRecovery("198.51.100.20", grace.email, "voice");
    expect(own.page.response.status).toBe(200);
    const reset = await submit(own.browser, own.page.html, { intent: "verify", code: (await latestCode(idp.url, phone)).code });
    expect(reset.html).toContain('name="confirmPassword"');
    const done = await submit(own.browser, reset.html, { password: "a-new-secret-for-grace", confirmPassword: "a-new-secret-for-grace" });
    expect(done.response.headers.get("location") ?? "").toContain("code=");
  });

  it("the stranger's next attempts meet the security check, then a growing wait, from the flow and from the address", async () => {
    const phone = katherine.phone!;
    const stranger = await startRecovery("203.0.113.8", katherine.email, "sms");
    let page = await guessWrong(stranger.browser, stranger.page, phone, 5);
    idp.clock.advance(31_000);
    page = await submit(stranger.browser, page.html, { intent: "resend" });
    page = await submit(stranger.browser, page.html, { authMethod: "sms", captchaToken: await solvedCaptchaToken(idp.url) });
    page = await guessWrong(stranger.browser, page, phone, 5);
    // Ten wrong codes: a wait before any new code (the resend button is not offered), ...
    idp.clock.advance(31_000);
    page = await submit(stranger.browser, page.html, { intent: "resend" });
    expect(page.response.status).toBe(429);
    expect(page.html).toContain("Too many incorrect codes. You can ask for a new code in 1 minutes.");
    expect(page.html).not.toContain('value="resend"');
    // ... the same from a new flow at the same address, ...
    const again = await startRecovery("203.0.113.8", katherine.email, "sms");
    expect(again.page.response.status).toBe(429);
    expect(again.page.html).toContain("Too many incorrect codes. You can ask for a new code in 1 minutes.");
    // ... then the check, and the next wait is longer (2 minutes after 15 wrong codes).
    idp.clock.advance(60_000);
    const current = await stranger.browser.follow(await stranger.browser.get(`/interaction/${stranger.uid}/recover`));
    page = await submit(stranger.browser, await current.text(), { intent: "resend" });
    expect(page.html).toContain("A quick security check");
    page = await submit(stranger.browser, page.html, { authMethod: "sms", captchaToken: await solvedCaptchaToken(idp.url) });
    page = await guessWrong(stranger.browser, page, phone, 5);
    idp.clock.advance(61_000);
    page = await submit(stranger.browser, page.html, { intent: "resend" });
    expect(page.html).toContain("Too many incorrect codes. You can ask for a new code in 1 minutes.");
    idp.clock.advance(60_000);
    const later = await stranger.browser.follow(await stranger.browser.get(`/interaction/${stranger.uid}/recover`));
    page = await submit(stranger.browser, await later.text(), { intent: "resend" });
    expect(page.html).toContain("A quick security check");

    // Meanwhile the participant, from another address, recovers with the right code.
    const own = await startRecovery("198.51.100.21", katherine.email, "sms");
    const reset = await submit(own.browser, own.page.html, { intent: "verify", code: (await latestCode(idp.url, phone)).code });
    expect(reset.html).toContain('name="confirmPassword"');
  });

  it("many addresses against one account: its next code waits (an unknown e-mail alike), the right code still passes", async () => {
    const phone = hedy.phone!;
    const unknown = "nobody-here@example.test";
    // Ten wrong voice codes, five from each of two addresses: the account's free share for a month.
    for (const [address, email] of [
      ["203.0.113.30", hedy.email],
      ["203.0.113.31", hedy.email],
      ["203.0.113.32", unknown],
      ["203.0.113.33", unknown],
    ] as const) {
      const stranger = await startRecovery(address, email, "voice");
      expect(stranger.page.response.status).toBe(200);
      let page = stranger.page;
      for (let i = 0; i < 5; i += 1) page = await submit(stranger.browser, page.html, { intent: "verify", code: "00000" });
      expect(page.html).toContain("Too many incorrect codes. Please resend a code to get a new one.");
    }
    // The next code for the account waits an hour, from any address, for a known e-mail and an unknown one alike.
    const waited = await startRecovery("198.51.100.22", hedy.email, "voice");
    const unknownWaited = await startRecovery("198.51.100.23", unknown, "voice");
    expect(waited.page.response.status).toBe(429);
    expect(waited.page.html).toContain("Too many incorrect codes. You can ask for a new code in 60 minutes.");
    expect(unknownWaited.page.response.status).toBe(429);
    const comparable = (html: string, email: string) =>
      html
        .replaceAll(email, "EMAIL")
        .replaceAll(/\/interaction\/[A-Za-z0-9_-]+/g, "/interaction/UID")
        .replaceAll(/(nonce|value)="[^"]*"/g, "$1");
    expect(comparable(unknownWaited.page.html, unknown)).toBe(comparable(waited.page.html, hedy.email));
    // After the wait the participant's code comes, and the right code passes.
    idp.clock.advance(60 * 60_000);
    const own = await startRecovery("198.51.100.22", hedy.email, "voice");
    expect(own.page.response.status).toBe(200);
    const reset = await submit(own.browser, own.page.html, { intent: "verify", code: (await latestCode(idp.url, phone)).code });
    expect(reset.html).toContain('name="confirmPassword"');
  });
});

describe("the escalation and the odds it leaves (docs/security.md)", () => {
  it("waits grow by doubling, with a ceiling; a voice guess weighs ten text guesses", () => {
    expect([9, 10, 15, 20, 100].map(sourceDelayMs)).toEqual([0, 60_000, 120_000, 240_000, 24 * 60 * 60_000]);
    expect([99, 100, 110, 120, 1000].map(accountDelayMs)).toEqual([0, 3_600_000, 7_200_000, 14_400_000, 7 * 24 * 3_600_000]);
    expect([guessUnits("sms"), guessUnits("voice")]).toEqual([1, 10]);
  });

  it("a year of recovery guessing at one account, from any number of addresses, wins under 0.3 %", () => {
    const { recoveryNumberDaily, recoveryNumberHourly } = DEFAULT_SENDING_BUDGETS;
    const voice = yearlyRecoveryGuessing("voice", recoveryNumberDaily, recoveryNumberHourly);
    const sms = yearlyRecoveryGuessing("sms", recoveryNumberDaily, recoveryNumberHourly);
    expect(voice).toEqual({ guesses: 275, odds: 0.00275 });
    expect(sms).toEqual({ guesses: 1860, odds: 0.00186 });
  });
});
