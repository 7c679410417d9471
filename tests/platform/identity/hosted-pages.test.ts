import { describe, expect, it } from "vitest";
import {
  authorizePath,
  Browser,
  identityServiceForSuite,
  latestCode,
  parseForms,
  participants,
  pkcePair,
  REDIRECT_URI,
  solvedCaptchaToken,
  submit,
} from "./support.ts";

/**
 * The hosted pages as a participant meets them: a refused form answers with a redirect to a page that
 * shows the error (so reloading it sends nothing again), every page carries the language switch and
 * the footer, the steps after the password let the participant start again as someone else, and an
 * unlock at the password-failure cap says that the password still has to be reset.
 */
const CAP = 3;
const [ada, , alan, katherine, hedy] = participants as [
  (typeof participants)[0],
  (typeof participants)[1],
  (typeof participants)[2],
  (typeof participants)[3],
  (typeof participants)[4],
];

const idp = identityServiceForSuite({ passwordFailureCap: CAP, selfServiceUnlockEnabled: true });

async function begin(browser: Browser) {
  const pkce = pkcePair();
  const page = await browser.follow(await browser.get(authorizePath({ challenge: pkce.challenge, state: "s1" })));
  const uid = new URL(page.url).pathname.split("/")[2]!;
  return { uid, html: await page.text() };
}

async function open(browser: Browser, path: string) {
  const page = await browser.follow(await browser.get(path));
  return { status: page.status, html: await page.text() };
}

/** The language switch and the footer, which every hosted page carries. */
function expectFrame(html: string) {
  expect(html).toContain('class="language-switch"');
  expect(html).toMatch(/<footer[^>]*>[\s\S]*\(800\) 555-0142[\s\S]*<\/footer>/);
  expect(html).toContain("<svg");
}

describe("a wrong password", () => {
  it("is answered with a redirect to a page that shows the error and the e-mail (never the password); reloading it counts nothing", async () => {
    const browser = new Browser(idp.url);
    const { uid, html } = await begin(browser);
    const form = parseForms(html)[0]!;
    const posted = await browser.post(form.action, { ...form.fields, username: katherine.email, password: "not-her-password-1" });
    expect(posted.status).toBe(303);
    const location = new URL(posted.headers.get("location")!, idp.url);
    expect(location.pathname).toBe(`/interaction/${uid}`);

    for (let reload = 0; reload < 12; reload += 1) {
      const page = await browser.get(location.pathname + location.search);
      expect(page.status).toBe(400);
      const shown = await page.text();
      expect(shown).toContain("The email address or password is not correct");
      expect(shown).toContain(`value="${katherine.email}"`);
      expect(shown).not.toContain("not-her-password-1");
    }
    // Twelve reloads were not twelve more failures: the right password goes through with no security check.
    const right = await submit(browser, (await open(browser, location.pathname)).html, {
      username: katherine.email,
      password: katherine.password,
    });
    expect(right.html).toContain('name="authMethod"');
  });

  it("keeps its error in the language chosen on the error page", async () => {
    const browser = new Browser(idp.url);
    const { uid, html } = await begin(browser);
    await submit(browser, html, { username: ada.email, password: "not-her-password-2" });
    const spanish = await open(browser, `/interaction/${uid}?lang=es`);
    expect(spanish.status).toBe(400);
    expect(spanish.html).toContain('lang="es"');
    expect(spanish.html).toContain("Hay un problema");
  });
});

describe("a refused registration", () => {
  it("is answered with a redirect to the form, which shows the errors and the details typed but never the passwords", async () => {
    const browser = new Browser(idp.url);
    const { uid } = await begin(browser);
    const form = parseForms((await open(browser, `/interaction/${uid}/register`)).html)[0]!;
    const posted = await browser.post(form.action, {
      ...form.fields,
      email: "new.person@example.test",
      firstName: "",
      lastName: "Person",
      password: "a-long-enough-secret-1",
      confirmPassword: "a-long-enough-secret-1",
    });
    expect(posted.status).toBe(303);
    expect(new URL(posted.headers.get("location")!, idp.url).pathname).toBe(`/interaction/${uid}/register`);
    const shown = await browser.get(`/interaction/${uid}/register`);
    expect(shown.status).toBe(400);
    const html = await shown.text();
    expect(html).toContain("Enter your first name");
    expect(html).toContain('value="new.person@example.test"');
    expect(html).toContain('value="Person"');
    expect(html).not.toContain("a-long-enough-secret-1");
  });
});

describe("password recovery", () => {
  it("answers a wrong code and a refused new password with redirects, so reloading checks no code and posts no password", async () => {
    const browser = new Browser(idp.url);
    const { uid } = await begin(browser);
    const identify = await open(browser, `/interaction/${uid}/recover`);
    const select = await submit(browser, identify.html, { email: ada.email });
    idp.clock.advance(31_000);
    const challenge = await submit(browser, select.html, { authMethod: "sms", captchaToken: await solvedCaptchaToken(idp.url) });
    const { code } = await latestCode(idp.url, ada.phone!);
    const codeForm = parseForms(challenge.html)[0]!;
    const wrong = await browser.post(codeForm.action, {
      ...codeForm.fields,
      intent: "verify",
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(303);
    for (let reload = 0; reload < 5; reload += 1) {
      const page = await browser.get(`/interaction/${uid}/recover`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain("The code entered is not correct");
    }
    const reset = await browser.follow(await browser.post(codeForm.action, { ...codeForm.fields, intent: "verify", code }));
    const resetForm = parseForms(await reset.text())[0]!;
    const same = await browser.post(resetForm.action, { ...resetForm.fields, password: ada.password, confirmPassword: ada.password });
    expect(same.status).toBe(303);
    const shown = await browser.get(`/interaction/${uid}/recover`);
    expect(shown.status).toBe(400);
    const html = await shown.text();
    expect(html).toContain("Choose a password different from your current one");
    expect(html).not.toContain(ada.password);
  });
});

describe("a wrong code", () => {
  it("is answered with a redirect to the code page; reloading it five times does not void the code", async () => {
    const browser = new Browser(idp.url);
    const { html } = await begin(browser);
    const select = await submit(browser, html, { username: ada.email, password: ada.password });
    const challenge = await submit(browser, select.html, { authMethod: "sms" });
    const { code } = await latestCode(idp.url, ada.phone!);
    const form = parseForms(challenge.html)[0]!;
    const wrong = code === "000000" ? "111111" : "000000";
    const posted = await browser.post(form.action, { ...form.fields, intent: "verify", code: wrong });
    expect(posted.status).toBe(303);
    const location = new URL(posted.headers.get("location")!, idp.url);
    for (let reload = 0; reload < 5; reload += 1) {
      const page = await browser.get(location.pathname);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain("The code entered is not correct");
    }
    const right = await browser.follow(await browser.post(form.action, { ...form.fields, intent: "verify", code }));
    expect(new URL(right.headers.get("location")!).pathname).toBe("/auth/callback");
  });
});

describe("every hosted page", () => {
  it("carries the language switch and the footer, and the steps after the password offer 'Sign in as someone else'", async () => {
    const browser = new Browser(idp.url);
    const { uid, html } = await begin(browser);
    expectFrame(html);
    for (const path of [`/interaction/${uid}/register`, `/interaction/${uid}/recover`, `/interaction/${uid}/unlock`]) {
      expectFrame((await open(browser, path)).html);
    }
    const select = await submit(browser, html, { username: ada.email, password: ada.password });
    expect(select.html).toContain('name="authMethod"');
    expectFrame(select.html);
    expect(select.html).toContain("Sign in as someone else");
    const challenge = await submit(browser, select.html, { authMethod: "sms" });
    expect(challenge.html).toContain("Enter the code");
    expectFrame(challenge.html);
    expect(challenge.html).toContain("Sign in as someone else");

    const restart = parseForms(challenge.html).find((form) => form.action.endsWith("/restart"))!;
    const again = await browser.follow(await browser.post(restart.action, restart.fields));
    const identify = await again.text();
    expect(identify).toContain('name="password"');
    const enrol = await submit(browser, identify, { username: alan.email, password: alan.password });
    expect(enrol.html).toContain('name="phoneNumber"');
    expectFrame(enrol.html);
    expect(enrol.html).toContain("Sign in as someone else");
  });
});

describe("'Cancel'", () => {
  it("is on every step after the first page and ends the sign-in with access_denied at the portal", async () => {
    const browser = new Browser(idp.url);
    const { uid, html } = await begin(browser);
    expect(html).not.toContain(`/interaction/${uid}/cancel`);
    for (const path of [`/interaction/${uid}/register`, `/interaction/${uid}/recover`]) {
      expect((await open(browser, path)).html).toContain(`action="/interaction/${uid}/cancel"`);
    }
    const select = await submit(browser, html, { username: ada.email, password: ada.password });
    const cancel = parseForms(select.html).find((form) => form.action === `/interaction/${uid}/cancel`);
    expect(cancel).toBeDefined();
    const away = await browser.follow(await browser.post(cancel!.action, cancel!.fields));
    const callback = new URL(away.headers.get("location")!);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe("s1");
    // The interaction is over: its pages now say the sign-in cannot go on.
    expect((await open(browser, `/interaction/${uid}`)).status).toBe(400);
  });
});

describe("an unlock at the password-failure cap", () => {
  it("says the account is unlocked but the password must be reset, not 'You can sign in now'", async () => {
    const browser = new Browser(idp.url);
    let { html } = await begin(browser);
    for (let i = 0; i < CAP; i += 1) html = (await submit(browser, html, { username: hedy.email, password: `wrong-${i}-password` })).html;
    expect(html).toContain("can no longer be used");

    const { uid } = await begin(browser);
    const identify = await open(browser, `/interaction/${uid}/unlock`);
    const select = await submit(browser, identify.html, { email: hedy.email });
    idp.clock.advance(31_000);
    const challenge = await submit(browser, select.html, { authMethod: "sms", captchaToken: await solvedCaptchaToken(idp.url) });
    const sent = await latestCode(idp.url, hedy.phone!);
    const back = await submit(browser, challenge.html, { intent: "verify", code: sent.code });
    expect(back.html).not.toContain("You can sign in now");
    expect(back.html).toContain("Your account is unlocked, but your password can no longer be used");
    expect(back.html).toContain(`href="/interaction/${uid}/recover"`);
  });
});
