import { beforeAll, describe, expect, it } from "vitest";
import { loadConfigFromEnv } from "../../../platform/identity/config.ts";
import {
  authorizePath,
  Browser,
  identityServiceForSuite,
  accountLikeAda,
  participants,
  pkcePair,
  recoverToNewPassword,
  type SharedIdentityService,
  submit,
  emailsTo,
} from "./support.ts";

/**
 * NIST SP 800-63B-4 §3.2.2: at most 100 consecutive failed attempts per authenticator, then
 * rebinding. Wrong passwords for one account are counted whatever the browser or address, and only
 * a right password (before the cap) or a new password ends the run. At the cap the password, right
 * or wrong, is no longer looked at: the page tells whoever typed it to reset the password with
 * 'Forgot password?' (a code to the phone), in the same words for an e-mail with no account, and
 * the participant is e-mailed in her language.
 */

const WINDOW_MS = 16 * 60_000;
/** The default cap, NIST's 100, and a lower one an operator may set: the same rules, a fifth of the password checks (scrypt). */
const DEFAULT_CAP = 100;
const LOWER_CAP = 20;
const WRONG = "not-the-password-0000";

const mia = accountLikeAda("T1201", "mia@example.test", "telescope-mirror-1990", "+15555550201", { firstName: "Mia", lastName: "Hubble" });
const nora = { ...mia, userId: "T1202", email: "nora@example.test", password: "pulsar-signal-1967", phone: "+15555550202" };
const sofia = {
  ...mia,
  userId: "T1203",
  email: "sofia@example.test",
  password: "cometa-halley-1986",
  phone: "+15555550203",
  firstName: "Sofía",
  locale: "es",
};
const rosa = { ...mia, userId: "T1204", email: "rosa@example.test", password: "radio-galaxia-2001", phone: "+15555550204" };

const people = [...participants, mia, nora, sofia, rosa];
/** The service the running test talks to, and its cap. */
let idp: SharedIdentityService;
let cap: number;

/** The tests of a block talk to their own service, started with the block's cap. */
function talkTo(itsCap: number, settings: Record<string, unknown> = {}) {
  const service = identityServiceForSuite(settings, people);
  beforeAll(() => {
    idp = service;
    cap = itsCap;
  });
}

const mailTo = (email: string) => emailsTo(idp.url, email);

/** A fresh sign-in page, as a stranger's (or the participant's) new browser sees it. */
async function signInPage(ui_locales?: string) {
  const browser = new Browser(idp.url);
  const pkce = pkcePair();
  const page = await browser.follow(
    await browser.get(authorizePath({ challenge: pkce.challenge, state: "s1", extra: ui_locales ? { ui_locales } : undefined })),
  );
  const uid = new URL(page.url).pathname.split("/")[2]!;
  return { browser, uid, html: await page.text() };
}

/**
 * Wrong passwords from one browser. The clock moves past the 15-minute window every 10 failures, so
 * the security check never stands in the way: what is counted here is never forgotten by time.
 */
async function wrongPasswords(email: string, times: number) {
  let page = await signInPage();
  let html = page.html;
  let last = { status: 0, html: "" };
  for (let i = 1; i <= times; i++) {
    if (i > 1 && i % 10 === 1) {
      // Past the window, and past the sign-in interaction's life: a new page, as a script would load.
      idp.clock.advance(WINDOW_MS);
      page = await signInPage();
      html = page.html;
    }
    const answer = await submit(page.browser, html, { username: email, password: `${WRONG}-${i}` });
    last = { status: answer.response.status, html: answer.html };
    html = answer.html;
  }
  idp.clock.advance(WINDOW_MS);
  return { ...page, last };
}

/** One sign-in attempt from a new browser. */
async function attempt(email: string, password: string, ui_locales?: string) {
  const page = await signInPage(ui_locales);
  const answer = await submit(page.browser, page.html, { username: email, password });
  return { uid: page.uid, status: answer.response.status, html: answer.html };
}

const passwordAccepted = (html: string) => html.includes('name="authMethod"');
const RESET_MESSAGE = "reset your password";

/** The page with what differs by nature (interaction id, nonce, the security check's signed ticket, typed e-mail) taken out. */
function normalized(html: string, uid: string, email: string) {
  return html
    .replaceAll(uid, "UID")
    .replaceAll(email, "EMAIL")
    .replace(/nonce="[^"]*"/g, 'nonce="N"')
    .replace(/name="humanCheckTicket" value="[^"]*"/g, 'name="humanCheckTicket" value="T"');
}

/** Recovery with the code from the outbox, through the new password. */
async function resetPassword(email: string, phone: string, password: string) {
  const { browser, page } = await recoverToNewPassword(idp, email, phone);
  return submit(browser, page.html, { password, confirmPassword: password });
}

// A hundred password checks (scrypt) per test.
describe("a cap on consecutive wrong passwords per account, at its default", { timeout: 120_000 }, () => {
  talkTo(DEFAULT_CAP);

  it("after a stranger's 100 wrong passwords the right one is refused with the way to reset it, and the participant is e-mailed", async () => {
    const { last, uid } = await wrongPasswords(mia.email, cap);
    // The attempt that reaches the cap already says what to do.
    expect(last.status).toBe(400);
    expect(last.html).toContain(RESET_MESSAGE);
    expect(last.html).toContain(`<a href="/interaction/${uid}/recover">Reset your password</a>`);

    const right = await attempt(mia.email, mia.password);
    expect(passwordAccepted(right.html)).toBe(false);
    expect(right.status).toBe(400);
    expect(right.html).toContain(RESET_MESSAGE);
    expect(right.html).toContain(`<a href="/interaction/${right.uid}/recover">Reset your password</a>`);
    expect(right.html).not.toContain("The email address or password is not correct");

    const notices = (await mailTo(mia.email)).filter((mail) => mail.subject?.includes("too many incorrect passwords"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ purpose: "notice" });
    expect(notices[0]?.body).toContain("Forgot password?");
  });
});

describe(`a cap on consecutive wrong passwords per account, set lower (${LOWER_CAP})`, { timeout: 120_000 }, () => {
  talkTo(LOWER_CAP, { passwordFailureCap: LOWER_CAP });

  it("after a reset with a code to the phone the participant signs in with the new password, and the count starts again", async () => {
    await wrongPasswords(nora.email, cap);
    expect((await attempt(nora.email, nora.password)).html).toContain(RESET_MESSAGE);

    await resetPassword(nora.email, nora.phone, "a-new-password-for-nora");
    const signedIn = await attempt(nora.email, "a-new-password-for-nora");
    expect(passwordAccepted(signedIn.html)).toBe(true);
    // The count started again at the reset: one fewer wrong passwords than the cap leave the right one working.
    await wrongPasswords(nora.email, cap - 1);
    expect(passwordAccepted((await attempt(nora.email, "a-new-password-for-nora")).html)).toBe(true);
  });

  it("answers an e-mail with no account in the same words and status, at the cap and after it", async () => {
    const unknown = "nobody-here@example.test";
    const known = await wrongPasswords(rosa.email, cap);
    const stranger = await wrongPasswords(unknown, cap);
    expect(stranger.last.status).toBe(known.last.status);
    expect(normalized(stranger.last.html, stranger.uid, unknown)).toBe(normalized(known.last.html, known.uid, rosa.email));

    const forKnown = await attempt(rosa.email, rosa.password);
    const forUnknown = await attempt(unknown, rosa.password);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(normalized(forUnknown.html, forUnknown.uid, unknown)).toBe(normalized(forKnown.html, forKnown.uid, rosa.email));
    expect(forUnknown.html).toContain(RESET_MESSAGE);
  });

  it("a right password before the cap starts the count again", async () => {
    const [ada] = participants;
    await wrongPasswords(ada!.email, cap - 1);
    expect(passwordAccepted((await attempt(ada!.email, ada!.password)).html)).toBe(true);
    await wrongPasswords(ada!.email, cap - 1);
    const right = await attempt(ada!.email, ada!.password);
    expect(passwordAccepted(right.html)).toBe(true);
    expect(right.html).not.toContain(RESET_MESSAGE);
  });

  it("tells a Spanish-speaking participant in Spanish, on the page and in the e-mail", async () => {
    await wrongPasswords(sofia.email, cap);
    const right = await attempt(sofia.email, sofia.password, "es");
    expect(right.html).toContain("restablezca su contraseña");
    const [notice] = (await mailTo(sofia.email)).filter((mail) => mail.purpose === "notice");
    expect(notice?.subject).toContain("contraseñas incorrectas");
  });
});

describe("the cap's setting", () => {
  it("is 100 by default, may be lower, and never above NIST's 100", () => {
    expect(loadConfigFromEnv({}).passwordFailureCap).toBe(100);
    expect(loadConfigFromEnv({ PASSWORD_FAILURE_CAP: "20" }).passwordFailureCap).toBe(20);
    expect(() => loadConfigFromEnv({ PASSWORD_FAILURE_CAP: "101" })).toThrow(/PASSWORD_FAILURE_CAP/);
  });
});

describe("attempts sent in parallel", () => {
  const small = identityServiceForSuite({ passwordFailureCap: 5 }, [mia]);

  it("compare no more passwords than the cap between them", async () => {
    const pages = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const browser = new Browser(small.url);
        const pkce = pkcePair();
        const page = await browser.follow(await browser.get(authorizePath({ challenge: pkce.challenge, state: "p" })));
        return { browser, html: await page.text() };
      }),
    );
    const answers = await Promise.all(
      pages.map(async ({ browser, html }, i) => (await submit(browser, html, { username: mia.email, password: `${WRONG}-${i}` })).html),
    );
    expect(answers.filter((html) => html.includes("The email address or password is not correct"))).toHaveLength(4);
    expect(answers.filter((html) => html.includes(RESET_MESSAGE))).toHaveLength(4);
    const mails = await emailsTo(small.url, mia.email);
    expect(mails.filter((mail) => mail.subject?.includes("too many incorrect passwords"))).toHaveLength(1);
  });
});
