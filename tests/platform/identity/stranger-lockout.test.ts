import { describe, expect, it } from "vitest";
import { DEFAULT_SENDING_BUDGETS, sendingBudgetsFrom } from "../../../platform/identity/store/sending-budget.ts";
import {
  Browser,
  beginSignIn,
  identityServiceForSuite,
  latestCode,
  openRecovery,
  REDIRECT_URI,
  signIn,
  solvedCaptchaToken,
  submit,
} from "./support.ts";

/**
 * A stranger who knows only a participant's e-mail: a hundred wrong passwords (the cap of consecutive
 * failures) and anonymous recovery starts that spend the recovery budgets of her e-mail and number for
 * the hour and the day. From the browser she told to remember her (it passed a code before), her
 * right password still signs her in, and 'Forgot password?' there still sends her a code: a count and
 * a budget of its own, which nobody else can spend.
 */

const PHONE = "+15555550301";
const mia = {
  phoneMethods: ["sms", "voice"],
  middleName: "Maria",
  locale: "en",
  userId: "T1301",
  email: "mia.lockout@example.test",
  password: "telescope-mirror-1990",
  phone: PHONE,
  firstName: "Mia",
  lastName: "Hubble",
};

// The deployment's real sending budgets (not the suites' generous ones), and two client addresses
// played through a trusted proxy on loopback: the stranger's and the participant's.
const idp = identityServiceForSuite({ sendingBudgets: sendingBudgetsFrom(DEFAULT_SENDING_BUDGETS), trustedProxies: ["loopback"] }, [mia]);

const STRANGER = "203.0.113.66";
const HOME = "198.51.100.66";
const WINDOW_MS = 16 * 60_000;

/** One wrong password from a new browser of the stranger's (past the 15-minute window every 10, as a patient script would). */
async function strangersWrongPasswords(times: number) {
  let last = "";
  for (let i = 1; i <= times; i++) {
    if (i % 10 === 1) idp.clock.advance(WINDOW_MS);
    const browser = new Browser(idp.url, STRANGER);
    const { html } = await beginSignIn(browser);
    last = (await submit(browser, html, { username: mia.email, password: `not-her-password-${i}` })).html;
  }
  return last;
}

/** An anonymous recovery start with the security check solved: a text to her phone (or its refusal). */
async function strangersRecovery() {
  const browser = new Browser(idp.url, STRANGER);
  const select = await openRecovery(browser, mia.email);
  return submit(browser, select.html, { authMethod: "sms", captchaToken: await solvedCaptchaToken(idp.url) });
}

async function textsTo(phone: string): Promise<number> {
  return ((await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(phone)}`, idp.url))).json()) as unknown[]).length;
}

describe("a stranger who knows only the e-mail", { timeout: 240_000 }, () => {
  it("cannot keep the participant out of her remembered browser: her password signs her in, and recovery there sends her a code", async () => {
    // She signed in on her own browser with 'Remember me' and a code, some time ago.
    const home = new Browser(idp.url, HOME);
    await signIn(home, mia, { remember: true });
    const herOwnTexts = await textsTo(PHONE);

    // The stranger: a hundred wrong passwords reach the cap ...
    expect(await strangersWrongPasswords(100)).toContain("reset your password");
    // ... and recovery started again and again spends her e-mail's and number's recovery budget for
    // the hour (3) and the day (6), then five more starts fill the e-mail's starts for ten minutes.
    for (let i = 0; i < 3; i++) {
      idp.clock.advance(31_000);
      expect((await strangersRecovery()).response.status).toBe(200);
    }
    idp.clock.advance(61 * 60_000);
    for (let i = 0; i < 3; i++) {
      idp.clock.advance(31_000);
      expect((await strangersRecovery()).response.status).toBe(200);
    }
    idp.clock.advance(31_000);
    expect((await strangersRecovery()).response.status).toBe(429);
    for (let i = 0; i < 5; i++) await strangersRecovery();
    const textsBefore = await textsTo(PHONE);
    expect(textsBefore - herOwnTexts).toBe(6);

    // A new browser of hers is refused, as the cap says ...
    const elsewhere = new Browser(idp.url, HOME);
    const refused = await submit(elsewhere, (await beginSignIn(elsewhere)).html, { username: mia.email, password: mia.password });
    expect(refused.html).toContain("reset your password");

    // ... but her remembered browser signs her in with her password alone.
    const { code } = await signIn(home, mia);
    expect(code).toBeTruthy();

    // And 'Forgot password?' there sends her a code the stranger could not spend, and resets her password.
    idp.clock.advance(31_000);
    const select = await openRecovery(home, mia.email);
    expect(select.response.status).toBe(200);
    const challenge = await submit(home, select.html, { authMethod: "sms" });
    expect(challenge.response.status).toBe(200);
    expect(await textsTo(PHONE)).toBe(textsBefore + 1);
    const reset = await submit(home, challenge.html, { intent: "verify", code: (await latestCode(idp.url, PHONE)).code });
    expect(reset.html).toContain('name="confirmPassword"');
    const done = await submit(home, reset.html, { password: "a-new-secret-for-mia", confirmPassword: "a-new-secret-for-mia" });
    expect(done.response.status, done.html.slice(0, 3000)).toBe(303);
    expect(done.response.headers.get("location") ?? "").toContain(`${REDIRECT_URI}?code=`);

    // The new password works on any browser again.
    const fresh = new Browser(idp.url, HOME);
    const signedIn = await submit(fresh, (await beginSignIn(fresh)).html, { username: mia.email, password: "a-new-secret-for-mia" });
    expect(signedIn.html).toContain('name="authMethod"');
  });
});
