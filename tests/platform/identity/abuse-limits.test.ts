import { describe, expect, it } from "vitest";
import { guessesPerYear, yearlyGuessingOdds } from "../../../platform/identity/domain/guessing-limits.ts";
import {
  beginSignIn,
  Browser,
  changePasswordFromSecondSignIn,
  identityServiceForSuite,
  latestCode,
  openRecovery,
  participants,
  postToken,
  signIn,
  slowDowns,
  solvedCaptchaToken,
  submit,
  tokensFor,
} from "./support.ts";

/**
 * What a stranger on the internet can do to a participant's account without their password: guess
 * recovery codes, and fail passwords. Neither may keep the participant out of their own sign-in.
 */
const idp = identityServiceForSuite();

const [ada, grace, alan, katherine, hedy] = participants;
if (!ada || !grace || !alan || !katherine || !hedy) throw new Error("the demo participants are missing");

async function startRecovery(email: string, method: "sms" | "voice") {
  const browser = new Browser(idp.url);
  const select = await openRecovery(browser, email);
  idp.clock.advance(31_000);
  const challenge = await submit(browser, select.html, { authMethod: method, captchaToken: await solvedCaptchaToken(idp.url) });
  return { browser, page: challenge };
}

const phoneOf = (who: { phone: string | null }) => who.phone ?? "";
const wrongFor = (code: string) => (code.startsWith("0") ? code.replace(/^0/, "1") : code.replace(/^./, "0"));

describe("guessing odds under the chosen limits", () => {
  it("with the password known, stay below 0.1 % a year per channel for 6-digit SMS and 5-digit voice codes", () => {
    expect(yearlyGuessingOdds("voice")).toBeLessThan(0.001);
    expect(yearlyGuessingOdds("sms")).toBeLessThan(0.001);
    expect(guessesPerYear("voice")).toBeLessThan(100);
    expect(guessesPerYear("sms")).toBeLessThan(1000);
  });
});

async function accountApi(operation: string, token: string, body: Record<string, unknown> = {}) {
  const response = await fetch(new URL(`/api/account/${operation}`, idp.url), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return response.status;
}

const refreshWith = async (refreshToken: string) =>
  (await postToken(idp.url, { grant_type: "refresh_token", refresh_token: refreshToken })).status;

describe("a new password ends every other session", () => {
  it("through the account API: the other grants stop renewing, the caller's keeps working", async () => {
    const { other, caller, steps } = await changePasswordFromSecondSignIn(idp, ada, {
      password: "a-fresh-sequence-2026",
      attemptId: "attempt-one-0001",
    });
    expect(steps).toEqual([200, 200, 200, 200]);
    expect(await refreshWith(other.refresh_token)).toBe(400);
    expect(await refreshWith(caller.refresh_token)).toBe(200);
    // The same attempt again (a retry after a crash) learns it succeeded; the provider says so when asked.
    const again = (await tokensFor(idp.url, { ...ada, password: "a-fresh-sequence-2026" })).tokens;
    expect(
      await accountApi("update-password", again.access_token, { password: "a-fresh-sequence-2026", attemptId: "attempt-one-0001" }),
    ).toBe(200);
    expect(await accountApi("password-update-status", again.access_token, { attemptId: "attempt-one-0001" })).toBe(200);
    expect(
      await accountApi("update-password", again.access_token, { password: "yet-another-sequence-1", attemptId: "attempt-two-0002" }),
    ).toBe(409);
  });

  it("through recovery: every grant of the account stops renewing", async () => {
    const before = (await tokensFor(idp.url, katherine, { method: "sms" })).tokens;
    const { browser, page } = await startRecovery(katherine.email, "sms");
    const reset = await submit(browser, page.html, { intent: "verify", code: (await latestCode(idp.url, phoneOf(katherine))).code });
    await submit(browser, reset.html, { password: "another-fresh-secret-9", confirmPassword: "another-fresh-secret-9" });
    expect(await refreshWith(before.refresh_token)).toBe(400);
  });
});

describe("a stranger guessing recovery codes", () => {
  /** A new code for the flow, as the stranger would get it: through the security check once wrong codes escalate. */
  async function newCode(browser: Browser, page: Awaited<ReturnType<typeof submit>>, method: "sms" | "voice") {
    idp.clock.advance(31_000);
    let asked = await submit(browser, page.html, { intent: "resend" });
    // A stated wait is waited out (on the test clock), then the page is asked again.
    const wait = /You can ask for a new code in (\d+) minutes/.exec(asked.html);
    if (wait) {
      idp.clock.advance(Number(wait[1]) * 60_000);
      asked = await submit(browser, page.html, { intent: "resend" });
    }
    if (!asked.html.includes('name="authMethod"')) return asked;
    return submit(browser, asked.html, { authMethod: method, captchaToken: await solvedCaptchaToken(idp.url) });
  }

  it("guesses against a dead code cost nothing, and eight wrong voice codes never refuse the right one", async () => {
    const { browser, page: first } = await startRecovery(grace.email, "voice");
    let page = first;
    let sent = await latestCode(idp.url, phoneOf(grace));
    // Five real guesses kill the code; fifty more against the dead code guess nothing.
    for (let i = 0; i < 5; i += 1) page = await submit(browser, page.html, { intent: "verify", code: wrongFor(sent.code) });
    for (let i = 0; i < 50; i += 1) page = await submit(browser, page.html, { intent: "verify", code: wrongFor(sent.code) });
    expect(page.html).toContain("Too many incorrect codes. Please resend a code to get a new one.");
    // A new code comes after the security check, with no wait: the fifty were not counted.
    page = await newCode(browser, page, "voice");
    expect(page.response.status).toBe(200);
    sent = await latestCode(idp.url, phoneOf(grace));
    for (let i = 0; i < 3; i += 1) {
      page = await submit(browser, page.html, { intent: "verify", code: wrongFor(sent.code) });
      expect(page.html).toContain("The code entered is not correct");
    }
    page = await submit(browser, page.html, { intent: "verify", code: sent.code });
    expect(page.html).toContain('name="confirmPassword"');
  });

  it("never blocks the participant's own sign-in with the right password and the right code", async () => {
    const { browser, page: first } = await startRecovery(hedy.email, "sms");
    let page = first;
    // Twenty wrong codes, each new code after the check and, from ten, a growing wait.
    for (let codes = 0; codes < 4; codes += 1) {
      const sent = await latestCode(idp.url, phoneOf(hedy));
      for (let i = 0; i < 5; i += 1) page = await submit(browser, page.html, { intent: "verify", code: wrongFor(sent.code) });
      page = await newCode(browser, page, "sms");
      expect(page.response.status).toBe(200);
    }
    const signedIn = await signIn(new Browser(idp.url), hedy, { method: "sms" });
    expect(signedIn.code).toBeTruthy();
  });
});

describe("a stranger failing passwords", () => {
  async function strangerFails(who: { email: string }, times: number) {
    const stranger = new Browser(idp.url);
    let html = (await beginSignIn(stranger)).html;
    for (let i = 0; i < times; i += 1) html = (await submit(stranger, html, { username: who.email, password: `wrong-${i}` })).html;
    return html;
  }

  it("cannot keep the participant's usual device out", async () => {
    const device = new Browser(idp.url);
    await signIn(device, hedy, { remember: true });
    await strangerFails(hedy, 10);
    const again = await beginSignIn(device, { prompt: "login" });
    const step = await submit(device, again.html, { username: hedy.email, password: hedy.password });
    expect(step.response.headers.get("location") ?? "").toContain("code=");
  });

  it("escalates to a security check, never to a refusal of the right password (no JavaScript: a stated wait)", async () => {
    const html = await strangerFails(grace, 10);
    expect(html).toContain("A quick security check");
    // The participant on a new device, without JavaScript: asked for the check, not refused ...
    const participant = new Browser(idp.url);
    const asked = await submit(participant, (await beginSignIn(participant)).html, { username: grace.email, password: grace.password });
    expect(asked.response.status).toBe(429);
    expect(asked.html).toContain("Complete the security check, then select &#39;Sign in&#39; again");
    expect(asked.html).toContain("Wait 15 seconds, then select &#39;Sign in&#39; again.");
    expect(asked.html).toContain('value="' + grace.email + '"');
    // ... too early is too early, and after the wait the right password goes through.
    expect(slowDowns.length).toBeGreaterThan(0);
    const early = await submit(participant, asked.html, { password: grace.password });
    expect(early.html).toContain("The security check needs 15 more seconds.");
    idp.clock.advance(15_000);
    // A waited ticket is spent once: used with a wrong password, it does not serve again.
    expect((await submit(participant, early.html, { password: "not-the-password" })).response.status).toBe(400);
    const replay = await submit(participant, early.html, { password: grace.password });
    expect(replay.response.status).toBe(429);
    idp.clock.advance(15_000);
    const through = await submit(participant, replay.html, { password: grace.password });
    expect(through.html).toContain("Verify it&#39;s you");
  });

  it("lets a browser with JavaScript through at once with a solved proof of work", async () => {
    await strangerFails(alan, 10);
    const participant = new Browser(idp.url);
    const asked = await submit(participant, (await beginSignIn(participant)).html, { username: alan.email, password: alan.password });
    expect(asked.response.status).toBe(429);
    const through = await submit(participant, asked.html, { password: alan.password, captchaToken: await solvedCaptchaToken(idp.url) });
    expect(through.html).toContain("Add a phone number");
  });
});
