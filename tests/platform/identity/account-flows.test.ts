import { createRemoteJWKSet, jwtVerify } from "jose";
import { assert, describe, expect, it } from "vitest";
import {
  authorizePath,
  Browser,
  CLIENT_ID,
  identityServiceForSuite,
  latestCode,
  parseForms,
  participants,
  pkcePair,
  postToken,
  REDIRECT_URI,
  solvedCaptchaToken,
  submit,
} from "./support.ts";

const idp = identityServiceForSuite({ selfServiceUnlockEnabled: true });

const [ada, grace, , katherine, hedy] = participants;
if (!ada || !grace || !katherine || !hedy) throw new Error("the demo participants are missing");

interface OutboxEntry {
  channel: string;
  to: string;
  code?: string;
  link?: string;
  subject?: string;
  purpose: string;
}

async function outbox(to: string): Promise<OutboxEntry[]> {
  return (await (await fetch(new URL(`/dev/outbox?to=${encodeURIComponent(to)}`, idp.url))).json()) as OutboxEntry[];
}

async function begin(browser: Browser, extra?: Record<string, string>) {
  const pkce = pkcePair();
  const page = await browser.follow(await browser.get(authorizePath({ challenge: pkce.challenge, state: "s1", extra })));
  const uid = new URL(page.url).pathname.split("/")[2];
  return { pkce, uid, html: await page.text() };
}

async function open(browser: Browser, path: string) {
  const page = await browser.follow(await browser.get(path));
  return { response: page, html: page.status >= 300 && page.status < 400 ? "" : await page.text() };
}

function callbackCode(response: Response): string {
  const location = new URL(response.headers.get("location")!);
  expect(location.origin + location.pathname).toBe(REDIRECT_URI);
  return location.searchParams.get("code")!;
}

async function exchange(code: string, verifier: string) {
  const response = await postToken(idp.url, {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id_token: string; access_token: string };
}

/** Password then SMS code; returns the page after the password (to inspect) and whether it reached the code step. */
async function passwordStep(email: string, password: string) {
  const browser = new Browser(idp.url);
  const { html } = await begin(browser);
  return submit(browser, html, { username: email, password });
}

const newPerson = {
  email: "Rosalind.Franklin@Example.test",
  firstName: "Rosalind",
  lastName: "Franklin",
  password: "photo-fifty-one-1952",
};

async function startRegistration(browser: Browser, who: typeof newPerson) {
  const started = await begin(browser);
  const form = await open(browser, `/interaction/${started.uid}/register`);
  const check = await submit(browser, form.html, { ...who, confirmPassword: who.password });
  return { ...started, check };
}

describe("registration", () => {
  it("validates the form with the SPEC's words and keeps what was typed, except passwords", async () => {
    const browser = new Browser(idp.url);
    const { uid } = await begin(browser);
    const form = await open(browser, `/interaction/${uid}/register`);
    expect(form.html).toContain("Use 10 or more characters and a password that is not commonly used");
    const empty = await submit(browser, form.html, {});
    expect(empty.response.status).toBe(400);
    for (const message of [
      "Enter your email address",
      "Enter your first name",
      "Enter your last name",
      "Enter a password",
      "Password not entered",
    ]) {
      expect(empty.html).toContain(message);
    }
    expect(empty.html).toContain('<a href="#confirmPassword">Password not entered</a>');
    const short = await submit(browser, empty.html, {
      email: "x@example.test",
      firstName: "X",
      lastName: "Y",
      password: "short",
      confirmPassword: "short",
    });
    expect(short.html).toContain("Your password needs to be 10 or more characters");
    expect(short.html).toContain('value="x@example.test"');
    expect(short.html).not.toContain('value="short"');
    const common = await submit(browser, short.html, { password: "1234567890", confirmPassword: "1234567890" });
    expect(common.html).toContain("The password is too easy to guess, please try another one");
    const mismatch = await submit(browser, common.html, { password: "a-long-new-password-1", confirmPassword: "a-long-new-password-2" });
    expect(mismatch.html).toContain("The passwords do not match. Try again.");
  });

  it("verifies the e-mail through the link, enrols a phone and signs the new participant in", async () => {
    const browser = new Browser(idp.url);
    const { uid, pkce, check } = await startRegistration(browser, newPerson);
    expect(check.html).toContain("Check your email");
    const [mail] = await outbox("rosalind.franklin@example.test");
    assert.isDefined(mail);
    expect(mail).toMatchObject({ channel: "email", purpose: "registration", subject: "Verify your email address", locale: "en" });
    const link = new URL(mail.link!);
    expect(link.pathname).toBe(`/interaction/${uid}/email-verify`);
    expect(link.searchParams.get("otp")).toBe(mail.code);
    expect(link.searchParams.get("state")).toBeTruthy();

    const enrol = await open(browser, link.pathname + link.search);
    expect(enrol.html).toContain('name="phoneNumber"');
    const challenge = await submit(browser, enrol.html, { phoneNumber: "+15555550177" });
    const { code } = await latestCode(idp.url, "+15555550177");
    const done = await submit(browser, challenge.html, { intent: "verify", code });
    const tokens = await exchange(callbackCode(done.response), pkce.verifier);
    const { payload } = await jwtVerify(tokens.id_token, createRemoteJWKSet(new URL("/jwks", idp.url)), {
      issuer: idp.service.issuer,
      audience: CLIENT_ID,
    });
    expect(payload.sub).toMatch(/^P\d{9}$/);
    expect(payload).toMatchObject({
      email: "rosalind.franklin@example.test",
      email_verified: true,
      given_name: "Rosalind",
      family_name: "Franklin",
    });

    // The same link again is spent: the flow is over.
    const replay = await open(browser, link.pathname + link.search);
    expect(replay.html).not.toContain('name="phoneNumber"');
  });

  it("refuses a link without otp or state", async () => {
    const browser = new Browser(idp.url);
    const { uid } = await begin(browser);
    for (const query of ["", "?otp=123456", "?state=abc", "?otp=&state=abc"]) {
      const page = await browser.get(`/interaction/${uid}/email-verify${query}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain("Not a valid email verify callback");
    }
  });

  it("asks for the code in the originating browser when the link is opened elsewhere, and accepts it there", async () => {
    const person = { ...newPerson, email: "barbara@example.test", firstName: "Barbara", lastName: "McClintock" };
    const browser = new Browser(idp.url);
    const { check } = await startRegistration(browser, person);
    const [mail] = await outbox(person.email);
    assert.isDefined(mail);
    const link = new URL(mail.link!);

    const elsewhere = await new Browser(idp.url).get(link.pathname + link.search);
    expect(elsewhere.status).toBe(409);
    expect(await elsewhere.text()).toContain(`Enter the code ${mail.code} in the browser or app where you started creating your account.`);

    const wrong = await submit(browser, check.html, { intent: "verify", code: mail.code === "000000" ? "111111" : "000000" });
    expect(wrong.html).toContain("The code entered is not correct, please try again or resend a code");
    const enrol = await submit(browser, wrong.html, { intent: "verify", code: mail.code! });
    expect(enrol.html).toContain('name="phoneNumber"');
  });

  it("answers a wrong e-mailed code and a resend with a redirect to the page that shows them: a reload checks and sends nothing", async () => {
    const person = { ...newPerson, email: "lise.meitner@example.test", firstName: "Lise", lastName: "Meitner" };
    const browser = new Browser(idp.url);
    const { uid, check } = await startRegistration(browser, person);
    const [mail] = await outbox(person.email);
    assert.isDefined(mail);
    const form = parseForms(check.html)[0]!;
    const wrong = await browser.post(form.action, { ...form.fields, intent: "verify", code: mail.code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(303);
    expect(new URL(wrong.headers.get("location")!, idp.url).pathname).toBe(`/interaction/${uid}/register`);
    for (let reload = 0; reload < 2; reload += 1) {
      const shown = await browser.get(`/interaction/${uid}/register`);
      expect(shown.status).toBe(400);
      expect(await shown.text()).toContain("The code entered is not correct, please try again or resend a code");
    }
    idp.clock.advance(61_000);
    const resend = await browser.post(form.action, { ...form.fields, intent: "resend" });
    expect(resend.status).toBe(303);
    const resent = await browser.get(`/interaction/${uid}/register`);
    expect(await resent.text()).toContain("We sent the email again.");
    await browser.get(`/interaction/${uid}/register`);
    expect(await outbox(person.email)).toHaveLength(2);
    // The right code still passes after the refusals.
    const { code } = await latestCode(idp.url, person.email);
    const enrol = await submit(browser, await (await browser.get(`/interaction/${uid}/register`)).text(), {
      intent: "verify",
      code: code!,
    });
    expect(enrol.html).toContain('name="phoneNumber"');
  });

  it("does not reveal an existing account: same page, a different e-mail, and no code ever passes", async () => {
    const browser = new Browser(idp.url);
    const { check } = await startRegistration(browser, { ...newPerson, email: ada.email.toUpperCase() });
    expect(check.response.status).toBe(200);
    expect(check.html).toContain("Check your email");
    const [mail] = await outbox(ada.email);
    assert.isDefined(mail);
    expect(mail).toMatchObject({ channel: "email", purpose: "registration", subject: "You already have an account" });
    expect(mail.code).toBeUndefined();
    const attempt = await submit(browser, check.html, { intent: "verify", code: "123456" });
    expect(attempt.response.status).toBe(400);
    expect(attempt.html).toContain("The code entered is not correct, please try again or resend a code");
  });
});

describe("registration edge cases", () => {
  it("speaks Spanish when the client asks for it", async () => {
    const browser = new Browser(idp.url);
    const { uid } = await begin(browser, { ui_locales: "es" });
    const form = await open(browser, `/interaction/${uid}/register`);
    expect(form.html).toContain('<html lang="es">');
    expect(form.html).toContain("Crear una cuenta");
    const empty = await submit(browser, form.html, {});
    expect(empty.html).toContain("Introduzca una contraseña");
    expect(empty.html).toContain("Hay un problema");
  });

  it("says 'Error registering user' when the e-mail was registered meanwhile by another flow", async () => {
    const person = { ...newPerson, email: "dorothy@example.test", firstName: "Dorothy", lastName: "Hodgkin" };
    const first = new Browser(idp.url);
    const second = new Browser(idp.url);
    const a = await startRegistration(first, person);
    const [mailA] = await outbox(person.email);
    assert.isDefined(mailA);
    const b = await startRegistration(second, person);
    const [mailB] = await outbox(person.email);
    assert.isDefined(mailB);
    expect(mailB.code).not.toBeUndefined();
    expect((await submit(first, a.check.html, { intent: "verify", code: mailA.code! })).html).toContain('name="phoneNumber"');
    const late = await submit(second, b.check.html, { intent: "verify", code: mailB.code! });
    expect(late.response.status).toBe(500);
    expect(late.html).toContain("Error registering user");
  });
});

describe("password recovery", () => {
  async function startRecovery(browser: Browser, email: string) {
    const started = await begin(browser);
    const identify = await open(browser, `/interaction/${started.uid}/recover`);
    const select = await submit(browser, identify.html, { email });
    return { ...started, select };
  }

  it("resets the password after a phone code and signs in; the old password stops working", async () => {
    const browser = new Browser(idp.url);
    const { select, pkce } = await startRecovery(browser, katherine.email);
    expect(select.html).toContain('value="sms"');
    expect(select.html).toContain('value="voice"');
    expect(select.html).not.toContain("0104");
    const challenge = await submit(browser, select.html, { authMethod: "voice", captchaToken: await solvedCaptchaToken(idp.url) });
    expect(challenge.html).toContain('placeholder="5-digit code"');
    const sent = await latestCode(idp.url, katherine.phone!);
    expect(sent).toMatchObject({ channel: "voice", purpose: "recovery" });
    const reset = await submit(browser, challenge.html, { intent: "verify", code: sent.code });
    expect(reset.html).toContain("Choose a new password");
    const mismatch = await submit(browser, reset.html, { password: "a-brand-new-secret-7", confirmPassword: "something-else-77" });
    expect(mismatch.response.status).toBe(400);
    expect(mismatch.html).toContain("The passwords do not match. Try again.");
    const done = await submit(browser, mismatch.html, { password: "a-brand-new-secret-7", confirmPassword: "a-brand-new-secret-7" });
    const tokens = await exchange(callbackCode(done.response), pkce.verifier);
    expect(tokens.access_token).toBeTruthy();

    expect((await passwordStep(katherine.email, katherine.password)).html).toContain("The email address or password is not correct");
    expect((await passwordStep(katherine.email, "a-brand-new-secret-7")).html).toContain('name="authMethod"');
  });

  it("refuses a wrong code and voids the code after 5 wrong tries", async () => {
    const browser = new Browser(idp.url);
    const { select } = await startRecovery(browser, grace.email);
    idp.clock.advance(31_000);
    let page = await submit(browser, select.html, { authMethod: "voice", captchaToken: await solvedCaptchaToken(idp.url) });
    const { code } = await latestCode(idp.url, grace.phone!);
    const wrongCode = code === "00000" ? "11111" : "00000";
    for (let i = 0; i < 4; i += 1) {
      page = await submit(browser, page.html, { intent: "verify", code: wrongCode });
      expect(page.response.status).toBe(400);
      expect(page.html).toContain("The code entered is not correct, please try again or resend a code");
    }
    page = await submit(browser, page.html, { intent: "verify", code: wrongCode });
    page = await submit(browser, page.html, { intent: "verify", code });
    expect(page.html).toContain("Too many incorrect codes. Please resend a code to get a new one.");
  });

  it("treats an unknown e-mail the same way and never accepts a code", async () => {
    const browser = new Browser(idp.url);
    const { select } = await startRecovery(browser, "nobody-here@example.test");
    expect(select.html).toContain("If an account exists for nobody-here@example.test");
    const challenge = await submit(browser, select.html, { authMethod: "sms", captchaToken: await solvedCaptchaToken(idp.url) });
    expect(challenge.html).toContain('placeholder="6-digit code"');
    expect(await outbox("nobody-here@example.test")).toEqual([]);
    const attempt = await submit(browser, challenge.html, { intent: "verify", code: "123456" });
    expect(attempt.html).toContain("The code entered is not correct, please try again or resend a code");
  });

  it("without JavaScript, 'Send code' pressed before the wait is over keeps the wait begun and says how many seconds are left", async () => {
    const browser = new Browser(idp.url);
    const { select } = await startRecovery(browser, "early-presser@example.test");
    const ticketOf = (html: string) => /name="humanCheckTicket" value="([^"]+)"/.exec(html)?.[1];
    const first = ticketOf(select.html);
    expect(first).toBeTruthy();
    expect(select.html).toContain("Wait 15 seconds, then select &#39;Send code&#39; again.");

    idp.clock.advance(5_000);
    const early = await submit(browser, select.html, { authMethod: "sms" });
    expect(early.response.status).toBe(429);
    expect(early.html).toContain("The security check needs 10 more seconds. Wait, then select &#39;Send code&#39; again");
    expect(early.html).toContain("Wait 10 seconds, then select &#39;Send code&#39; again.");
    expect(ticketOf(early.html)).toBe(first);

    // Pressed again early, the wait still counts from the first page.
    idp.clock.advance(9_000);
    const again = await submit(browser, early.html, { authMethod: "sms" });
    expect(again.html).toContain("The security check needs 1 more second. Wait, then select &#39;Send code&#39; again");
    expect(again.html).toContain("Wait 1 second, then select &#39;Send code&#39; again.");
    expect(ticketOf(again.html)).toBe(first);

    idp.clock.advance(1_000);
    const through = await submit(browser, again.html, { authMethod: "sms" });
    expect(through.html).toContain('placeholder="6-digit code"');
  });

  it("answers 'session has expired' after 30 minutes", async () => {
    const browser = new Browser(idp.url);
    const { select } = await startRecovery(browser, ada.email);
    idp.clock.advance(31 * 60_000);
    const late = await submit(browser, select.html, { authMethod: "sms", captchaToken: await solvedCaptchaToken(idp.url) });
    expect(late.response.status).toBe(410);
    expect(late.html).toContain("session has expired");
    const restart = await open(browser, /href="([^"]+)">Start again</.exec(late.html)?.[1] ?? "");
    expect(restart.response.status).toBe(200);
    expect(restart.html).toContain('name="email"');
  });
});

describe("self-service unlock", () => {
  it("clears an account's security check after a phone code, back on the sign-in page with a confirmation", async () => {
    const browser = new Browser(idp.url);
    let { html } = await begin(browser);
    for (let i = 0; i < 10; i += 1) html = (await submit(browser, html, { username: hedy.email, password: `wrong-${i}-password` })).html;
    expect((await submit(browser, html, { username: hedy.email, password: hedy.password })).html).toContain("A quick security check");

    const { uid } = await begin(browser, { prompt: "login" });
    const identify = await open(browser, `/interaction/${uid}/unlock`);
    expect(identify.html).toContain("Unlock account");
    const select = await submit(browser, identify.html, { email: hedy.email });
    idp.clock.advance(31_000);
    const challenge = await submit(browser, select.html, { authMethod: "sms", captchaToken: await solvedCaptchaToken(idp.url) });
    const sent = await latestCode(idp.url, hedy.phone!);
    expect(sent).toMatchObject({ channel: "sms", purpose: "unlock" });
    const back = await submit(browser, challenge.html, { intent: "verify", code: sent.code });
    expect(back.html).toContain("Your account is unlocked. You can sign in now.");
    const signIn = await submit(browser, back.html, { username: hedy.email, password: hedy.password });
    expect(signIn.html).toContain('name="authMethod"');
  });
});

describe("turned off", () => {
  const off = identityServiceForSuite({ registrationEnabled: false, selfServiceUnlockEnabled: false });

  it("refuses registration and unlock with the configuration messages", async () => {
    const browser = new Browser(off.url);
    const pkce = pkcePair();
    const page = await browser.follow(await browser.get(authorizePath({ challenge: pkce.challenge, state: "s" })));
    const uid = new URL(page.url).pathname.split("/")[2];
    // The sign-in page offers neither: a link to a feature that is off is a dead end.
    const signInPage = await page.text();
    expect(signInPage).toContain("Forgot password?");
    expect(signInPage).not.toContain(`/interaction/${uid}/register`);
    expect(signInPage).not.toContain(`/interaction/${uid}/unlock`);
    for (const path of ["register", "email-verify?otp=123456&state=x"]) {
      const refused = await browser.get(`/interaction/${uid}/${path}`);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Registration is not supported based on your current org configuration.");
    }
    const posted = await browser.post(`/interaction/${uid}/register`, { email: "new@example.test" });
    expect(posted.status).toBe(403);
    for (const path of ["unlock", "unlock-code"]) {
      const refused = await browser.get(`/interaction/${uid}/${path}`);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Self Service Account Unlock is not supported based on your current org configuration.");
    }
  });
});
