import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { assert, describe, expect, it } from "vitest";
import {
  AUDIENCE,
  basicAuth,
  Browser,
  CLIENT_ID,
  identityServiceForSuite,
  latestCode,
  parseForms,
  participants,
  PORTAL_URL,
  postToken,
  REDIRECT_URI,
  beginSignIn,
  signIn,
  solvedCaptchaToken,
  submit,
  tokensFor as tokensForAt,
} from "./support.ts";

const idp = identityServiceForSuite();

const [ada, grace, alan, katherine, hedy] = participants;
if (!ada || !grace || !alan || !katherine || !hedy) throw new Error("the demo participants are missing");

const tokensFor = (who: typeof ada, options: { method?: "sms" | "voice" } = {}) => tokensForAt(idp.url, who, options);

async function accountApi(path: string, token: string | null, body: unknown = {}) {
  const response = await fetch(new URL(`/api/account/${path}`, idp.url), {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      status: string;
      nextStep?: string;
      phoneNumber?: string;
      errorMessage?: string;
      retryAfterSeconds?: number;
    },
  };
}

describe("discovery and keys", () => {
  it("publishes the endpoints and a public signing key", async () => {
    const discovery = await (await fetch(new URL("/.well-known/openid-configuration", idp.url))).json();
    expect(discovery.issuer).toBe(idp.service.issuer);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    for (const endpoint of ["token_endpoint", "jwks_uri", "end_session_endpoint", "revocation_endpoint", "userinfo_endpoint"]) {
      expect(discovery[endpoint]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    }
    const jwks = await (await fetch(discovery.jwks_uri)).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });

  it("answers health and readiness", async () => {
    expect((await fetch(new URL("/healthz", idp.url))).status).toBe(200);
    const ready = await fetch(new URL("/readyz", idp.url), { headers: { "x-request-id": "req-123" } });
    expect(ready.status).toBe(200);
    // Its own database only: no service it calls (the results service) is asked.
    expect(await ready.json()).toEqual({ status: "ok", checks: { database: "ok" } });
    expect(ready.headers.get("x-request-id")).toBe("req-123");
  });
});

describe("hosted sign-in pages", () => {
  it("renders an accessible identify page with a strict CSP, in Spanish when asked", async () => {
    const browser = new Browser(idp.url);
    const { page, html } = await beginSignIn(browser, { ui_locales: "fr es" });
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<label for="username">Correo electrónico</label>');
    expect(html).toContain("Crear una cuenta");
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("speaks the browser's language when the client asks for none, and keeps the language chosen with its buttons", async () => {
    const browser = new Browser(idp.url);
    const { page } = await beginSignIn(browser);
    const interaction = new URL(page.url).pathname;
    const asBrowser = (path: string, language: string) =>
      fetch(new URL(path, idp.url), { headers: { cookie: browser.jar.header(), "accept-language": language } });
    const spanishBrowser = await (await asBrowser(interaction, "es-MX,es;q=0.9,en;q=0.5")).text();
    expect(spanishBrowser).toContain('<html lang="es">');
    expect(spanishBrowser).toContain('aria-label="Cambiar el idioma a English"');
    expect(await (await asBrowser(interaction, "de, en;q=0.8, es;q=0.5")).text()).toContain('<html lang="en">');
    // The English button: this page and the next in English, whatever the browser asks.
    const chosen = await browser.get(`${interaction}?lang=en`);
    expect(await chosen.text()).toContain('<html lang="en">');
    expect(await (await asBrowser(interaction, "es")).text()).toContain('<html lang="en">');
  });

  it("gives one generic message for a wrong password and for an unknown account", async () => {
    const browser = new Browser(idp.url);
    const { html } = await beginSignIn(browser);
    const wrong = await submit(browser, html, { username: ada.email, password: "not-the-password" });
    expect(wrong.response.status).toBe(400);
    const unknown = await submit(browser, wrong.html, { username: "nobody@example.test", password: "whatever-it-is" });
    const message = "The email address or password is not correct";
    expect(wrong.html).toContain(message);
    expect(unknown.html).toContain(message);
    expect(wrong.html).toContain('<a href="#username">');
  });

  it("asks for a security check after 10 failed passwords in 15 minutes, before it looks at any password", async () => {
    const browser = new Browser(idp.url);
    let { html } = await beginSignIn(browser);
    for (let i = 0; i < 10; i += 1) html = (await submit(browser, html, { username: hedy.email, password: `wrong-password-${i}` })).html;
    const locked = await submit(browser, html, { username: hedy.email, password: hedy.password });
    expect(locked.response.status).toBe(429);
    expect(locked.html).toContain("The security check needs 15 more seconds. Wait, then select &#39;Sign in&#39; again");
    expect(locked.html).not.toContain('name="authMethod"');
    idp.clock.advance(16 * 60_000);
    const after = await submit(browser, locked.html, { username: hedy.email, password: hedy.password });
    expect(after.html).toContain('name="authMethod"');
  });

  it("signs in with password and SMS code, and issues verifiable tokens", async () => {
    const { tokens } = await tokensFor(ada);
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBe(300);
    expect(tokens.refresh_token).toBeTruthy();

    const jwks = createRemoteJWKSet(new URL("/jwks", idp.url));
    const { payload: id } = await jwtVerify(tokens.id_token, jwks, { issuer: idp.service.issuer, audience: CLIENT_ID });
    expect(id).toMatchObject({
      sub: ada.userId,
      uid: ada.userId,
      email: ada.email,
      email_verified: true,
      given_name: "Ada",
      middle_name: "King",
      family_name: "Lovelace",
      name: "Ada King Lovelace",
      locale: "en",
    });
    const { payload: access } = await jwtVerify(tokens.access_token, jwks, { issuer: idp.service.issuer, audience: AUDIENCE });
    expect(access).toMatchObject({ sub: ada.userId, uid: ada.userId, email: ada.email });
    expect(access.exp! - access.iat!).toBe(300);

    const userinfo = await fetch(new URL("/me", idp.url), { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ sub: ada.userId, email: ada.email, name: "Ada King Lovelace" });
  });

  it("offers only voice to a voice-only phone and takes a 5-digit code", async () => {
    const browser = new Browser(idp.url);
    const { html } = await beginSignIn(browser);
    const select = await submit(browser, html, { username: grace.email, password: grace.password });
    expect(select.html).toContain("(***) ***-0102");
    expect(select.html).toContain('value="voice"');
    expect(select.html).not.toContain('value="sms"');
    const challenge = await submit(browser, select.html, { authMethod: "voice" });
    expect(challenge.html).toContain('placeholder="5-digit code"');
    const sent = await latestCode(idp.url, grace.phone!);
    expect(sent).toMatchObject({ channel: "voice", purpose: "sign-in" });
    expect(sent.code).toMatch(/^\d{5}$/);
    const badFormat = await submit(browser, challenge.html, { intent: "verify", code: "123456" });
    expect(badFormat.html).toContain("Authentication code is not in correct format");
    const empty = await submit(browser, badFormat.html, { intent: "verify", code: "" });
    expect(empty.html).toContain("Authentication code not entered");
    const done = await submit(browser, empty.html, { intent: "verify", code: sent.code });
    expect(done.response.headers.get("location")).toContain(`${REDIRECT_URI}?code=`);
  });

  it("refuses a resend within 30 s, voids a code after 5 wrong tries, and accepts a fresh code", async () => {
    const browser = new Browser(idp.url);
    const { html } = await beginSignIn(browser);
    const select = await submit(browser, html, { username: katherine.email, password: katherine.password });
    let page = await submit(browser, select.html, { authMethod: "sms" });
    const first = await latestCode(idp.url, katherine.phone!);
    const wrongCode = first.code === "000000" ? "111111" : "000000";

    const resend = await submit(browser, page.html, { intent: "resend" });
    expect(resend.response.status).toBe(429);
    expect(resend.html).toMatch(/You can ask for a new code in \d+ seconds\./);
    expect((await latestCode(idp.url, katherine.phone!)).code).toBe(first.code);

    page = resend;
    for (let i = 0; i < 4; i += 1) {
      page = await submit(browser, page.html, { intent: "verify", code: wrongCode });
      expect(page.html).toContain("The code entered is not correct, please try again or resend a code");
    }
    page = await submit(browser, page.html, { intent: "verify", code: wrongCode });
    expect(page.html).toContain("Too many incorrect codes. Please resend a code to get a new one.");
    page = await submit(browser, page.html, { intent: "verify", code: first.code });
    expect(page.html).toContain("Too many incorrect codes. Please resend a code to get a new one.");

    idp.clock.advance(31_000);
    page = await submit(browser, page.html, { intent: "resend" });
    expect(page.html).toContain("A new code has been sent.");
    const second = await latestCode(idp.url, katherine.phone!);
    expect(second.code).toMatch(/^\d{6}$/);
    const done = await submit(browser, page.html, { intent: "verify", code: second.code });
    expect(done.response.headers.get("location")).toContain(`${REDIRECT_URI}?code=`);
  });

  it("choosing a voice call within 30 s of a text says when a call can be made, then calls", async () => {
    const browser = new Browser(idp.url);
    const { html } = await beginSignIn(browser);
    const select = await submit(browser, html, { username: katherine.email, password: katherine.password });
    const challenge = await submit(browser, select.html, { authMethod: "sms" });
    const texted = await latestCode(idp.url, katherine.phone!);
    const uid = /\/interaction\/([A-Za-z0-9_-]+)/.exec(challenge.html)?.[1] ?? "";
    const change = await browser.follow(await browser.get(`/interaction/${uid}?change=method`));
    const tooSoon = await submit(browser, await change.text(), { authMethod: "voice" });
    expect(tooSoon.response.status).toBe(429);
    expect(tooSoon.html).toMatch(/You can ask for a new code in \d+ seconds\./);
    expect(tooSoon.html).toMatch(/<input(?=[^>]*\bvalue="voice")(?=[^>]*\bchecked\b)[^>]*>/);
    expect(await latestCode(idp.url, katherine.phone!)).toEqual(texted);
    idp.clock.advance(31_000);
    const called = await submit(browser, tooSoon.html, {});
    expect(called.html).toContain("5-digit");
    expect((await latestCode(idp.url, katherine.phone!)).channel).toBe("voice");
  });

  it("expires a code after 10 minutes", async () => {
    const browser = new Browser(idp.url);
    const { html } = await beginSignIn(browser);
    const select = await submit(browser, html, { username: katherine.email, password: katherine.password });
    idp.clock.advance(31_000);
    const page = await submit(browser, select.html, { authMethod: "sms" });
    const { code } = await latestCode(idp.url, katherine.phone!);
    idp.clock.advance(10 * 60_000 + 1000);
    const late = await submit(browser, page.html, { intent: "verify", code });
    expect(late.html).toContain("This code has expired. Please resend a code to get a new one.");
  });

  it("enrols a phone for an account without one, confirmed by an SMS code", async () => {
    const browser = new Browser(idp.url);
    const { html } = await beginSignIn(browser);
    const enrol = await submit(browser, html, { username: alan.email, password: alan.password });
    expect(enrol.html).toContain('name="phoneNumber"');
    const invalid = await submit(browser, enrol.html, { phoneNumber: "12345" });
    expect(invalid.response.status).toBe(400);
    expect(invalid.html).toContain("Enter a phone number like 555 555 0101 or +15555550101");
    // A mistyped number is corrected from the code step.
    const mistyped = await submit(browser, invalid.html, { phoneNumber: "(555) 555-0113" });
    expect(mistyped.html).toContain("(***) ***-0113");
    const uid = /\/interaction\/([A-Za-z0-9_-]+)/.exec(mistyped.html)?.[1] ?? "";
    expect(mistyped.html).toContain(`href="/interaction/${uid}?change=number"`);
    const back = await browser.follow(await browser.get(`/interaction/${uid}?change=number`));
    const numberStep = await back.text();
    expect(numberStep).toContain('name="phoneNumber"');
    idp.clock.advance(31_000);
    const challenge = await submit(browser, numberStep, { phoneNumber: "(555) 555-0103" });
    expect(challenge.html).toContain("(***) ***-0103");
    // A code typed in the wrong form is shown again with its error.
    const badFormat = await submit(browser, challenge.html, { intent: "verify", code: "12a45" });
    expect(badFormat.response.status).toBe(400);
    expect(badFormat.html).toContain('value="12a45"');
    const sent = await latestCode(idp.url, "+15555550103");
    expect(sent).toMatchObject({ channel: "sms", purpose: "enrol" });
    const done = await submit(browser, challenge.html, { intent: "verify", code: sent.code });
    expect(done.response.headers.get("location")).toContain(`${REDIRECT_URI}?code=`);

    const again = new Browser(idp.url);
    const next = await beginSignIn(again);
    const select = await submit(again, next.html, { username: alan.email, password: alan.password });
    expect(select.html).toContain("(***) ***-0103");
  });

  it("remembers the device when asked, skipping the code next time", async () => {
    const browser = new Browser(idp.url);
    await signIn(browser, ada, { remember: true });
    expect(browser.jar.has("idp_device")).toBe(true);
    const second = await beginSignIn(browser, { prompt: "login" });
    const after = await submit(browser, second.html, { username: ada.email, password: ada.password });
    expect(after.response.headers.get("location")).toContain(`${REDIRECT_URI}?code=`);

    const other = new Browser(idp.url);
    const fresh = await beginSignIn(other);
    const select = await submit(other, fresh.html, { username: ada.email, password: ada.password });
    expect(select.html).toContain('name="authMethod"');
  });
});

describe("tokens", () => {
  it("rotates refresh tokens and refuses a used one", async () => {
    const { tokens } = await tokensFor(ada);
    const refreshed = await postToken(idp.url, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    const next = await refreshed.json();
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(next.access_token).aud).toBe(AUDIENCE);
    const reused = await postToken(idp.url, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(reused.status).toBe(400);
    expect((await reused.json()).error).toBe("invalid_grant");
  });

  it("revokes a refresh token", async () => {
    const { tokens } = await tokensFor(ada);
    const revoked = await fetch(new URL("/token/revocation", idp.url), {
      method: "POST",
      headers: { authorization: basicAuth(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token, token_type_hint: "refresh_token" }),
    });
    expect(revoked.status).toBe(200);
    const refreshed = await postToken(idp.url, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(400);
  });

  it("asks before ending a session when the request carries no ID token of this account", async () => {
    const { browser } = await tokensFor(ada);
    const page = await browser.get(`/session/end?${new URLSearchParams({ client_id: CLIENT_ID })}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const [form] = parseForms(html);
    assert.isDefined(form);
    const confirmed = await browser.post(form.action, { ...form.fields, logout: "yes" });
    expect(confirmed.status).toBe(303);
    const again = await beginSignIn(browser);
    expect(again.html).toContain('name="password"');
  });

  it("asks before ending a session when the portal's ID token is loaded by another page as an image", async () => {
    const { browser, tokens } = await tokensFor(ada);
    const query = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${PORTAL_URL}/auth/signed-out` });
    const embedded = await fetch(new URL(`/session/end?${query}`, idp.url), {
      redirect: "manual",
      headers: { cookie: browser.jar.header(), "sec-fetch-dest": "image", "sec-fetch-site": "cross-site" },
    });
    expect(embedded.status).toBe(200);
    expect(await embedded.text()).toContain(">Continue</button>");
    // Still signed in: the portal's own navigation with the same hint ends the session at once, which
    // it does only for the browser session that hint was issued for.
    const navigated = await fetch(new URL(`/session/end?${query}`, idp.url), {
      redirect: "manual",
      headers: { cookie: browser.jar.header(), "sec-fetch-dest": "document" },
    });
    expect(navigated.status).toBe(303);
    expect(navigated.headers.get("location")).toBe(`${PORTAL_URL}/auth/signed-out`);
  });

  it("gives every script of the end-session page the response's CSP nonce", async () => {
    const { browser, tokens } = await tokensFor(ada);
    const query = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${PORTAL_URL}/auth/signed-out` });
    for (const headers of [
      { cookie: browser.jar.header(), "sec-fetch-dest": "iframe", "sec-fetch-site": "cross-site" },
      { cookie: browser.jar.header(), "sec-fetch-dest": "image" },
    ] as Record<string, string>[]) {
      const page = await fetch(new URL(`/session/end?${query}`, idp.url), { redirect: "manual", headers });
      expect(page.status).toBe(200);
      const policy = page.headers.get("content-security-policy") ?? "";
      const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, policy).toBeTruthy();
      expect(policy).not.toContain("'unsafe-inline'");
      const html = await page.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes, html).toContain(`nonce="${nonce}"`);
    }
  });

  it("ends the session at once for the portal's own ID token and returns to the portal, no script or click needed", async () => {
    const { browser, tokens } = await tokensFor(ada);
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${PORTAL_URL}/auth/signed-out`,
      state: "bye",
    });
    const ended = await browser.get(`/session/end?${query}`);
    expect(ended.status).toBe(303);
    const location = new URL(ended.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${PORTAL_URL}/auth/signed-out`);
    expect(location.searchParams.get("state")).toBe("bye");
    // The grant went with the session: its refresh token no longer works.
    const refreshed = await postToken(idp.url, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(400);

    // Signed out: a new authorization asks for the password again.
    const again = await beginSignIn(browser);
    expect(again.html).toContain('name="password"');
  });
  it("sends the portal's sign-out straight back when revoking the sign-in's refresh token already ended its session", async () => {
    const { browser, tokens } = await tokensFor(ada);
    const revoked = await fetch(new URL("/token/revocation", idp.url), {
      method: "POST",
      headers: { authorization: basicAuth(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token, token_type_hint: "refresh_token" }),
    });
    expect(revoked.status).toBe(200);
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${PORTAL_URL}/auth/signed-out`,
      state: "bye",
    });
    const ended = await browser.get(`/session/end?${query}`);
    // Never oidc-provider's self-posting form ('Your browser does not support JavaScript…').
    expect(ended.status).toBe(303);
    const location = new URL(ended.headers.get("location")!);
    expect(`${location.origin}${location.pathname}?${location.searchParams}`).toBe(`${PORTAL_URL}/auth/signed-out?state=bye`);
  });
});

describe("account API: password update", () => {
  it("refuses requests without a valid token", async () => {
    expect((await accountApi("recover-password", null)).status).toBe(401);
    expect((await accountApi("recover-password", "not.a.token")).status).toBe(401);
  });

  it("runs the whole flow with every refusal along the way", async () => {
    const { tokens } = await tokensFor(katherine);
    const token = tokens.access_token;
    expect((await accountApi("verify-code", token, { purpose: "password-update", code: "123456" })).status).toBe(409);

    const started = await accountApi("recover-password", token, {});
    expect(started).toEqual({
      status: 200,
      body: { status: "PENDING", nextStep: "authenticator-verification-data", phoneNumber: "(***) ***-0104" },
    });
    expect((await accountApi("update-password", token, { password: "a-very-new-password-42" })).status).toBe(409);

    idp.clock.advance(31_000);
    const sent = await accountApi("send-verification-code", token, { purpose: "password-update", authMethod: "sms" });
    expect(sent.body.nextStep).toBe("challenge-authenticator");
    const first = await latestCode(idp.url, katherine.phone!);
    expect(first.purpose).toBe("password-update");

    const resend = await accountApi("send-verification-code", token, { purpose: "password-update", authMethod: "sms" });
    expect(resend.status).toBe(429);
    expect(resend.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(resend.body.errorMessage).toBeTruthy();

    const wrong = await accountApi("verify-code", token, {
      purpose: "password-update",
      code: first.code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorMessage!.toLowerCase()).toContain("invalid code");

    idp.clock.advance(31_000);
    expect((await accountApi("send-verification-code", token, { purpose: "password-update", authMethod: "sms" })).status).toBe(200);
    const second = await latestCode(idp.url, katherine.phone!);
    expect((await accountApi("verify-code", token, { purpose: "password-update", code: first.code })).status).toBe(400);
    const verified = await accountApi("verify-code", token, { purpose: "password-update", code: second.code });
    expect(verified.body).toEqual({ status: "PENDING", nextStep: "reset-authenticator" });

    const short = await accountApi("update-password", token, { password: "short" });
    expect(short.body.errorMessage).toBe("Your password needs to be 10 or more characters");
    const common = await accountApi("update-password", token, { password: "1234567890" });
    expect(common.status).toBe(400);
    expect(common.body.errorMessage).toContain("this password was found in a list of commonly used passwords");
    const unchanged = await accountApi("update-password", token, { password: katherine.password });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.errorMessage).toBe("The new password must be different from your current password");
    const done = await accountApi("update-password", token, { password: "a-very-new-password-42" });
    expect(done).toEqual({ status: 200, body: { status: "SUCCESS", nextStep: "done" } });

    const browser = new Browser(idp.url);
    const { html } = await beginSignIn(browser);
    const old = await submit(browser, html, { username: katherine.email, password: katherine.password });
    expect(old.html).toContain("The email address or password is not correct");
    const fresh = await submit(browser, old.html, { username: katherine.email, password: "a-very-new-password-42" });
    expect(fresh.html).toContain('name="authMethod"');
  });

  it("voids a code after 5 wrong tries", async () => {
    const { tokens } = await tokensFor(grace, { method: "voice" });
    const token = tokens.access_token;
    await accountApi("recover-password", token);
    idp.clock.advance(31_000);
    expect((await accountApi("send-verification-code", token, { purpose: "password-update", authMethod: "sms" })).status).toBe(400);
    expect((await accountApi("send-verification-code", token, { purpose: "password-update", authMethod: "voice" })).status).toBe(200);
    const { code } = await latestCode(idp.url, grace.phone!);
    const wrongCode = code === "00000" ? "11111" : "00000";
    for (let i = 0; i < 4; i += 1)
      expect((await accountApi("verify-code", token, { purpose: "password-update", code: wrongCode })).body.errorMessage).toBe(
        "Invalid code. Please try again.",
      );
    const fifth = await accountApi("verify-code", token, { purpose: "password-update", code: wrongCode });
    expect(fifth.body.errorMessage).toContain("request a new code");
    expect((await accountApi("verify-code", token, { purpose: "password-update", code })).status).toBe(400);
  });

  it("answers 'session has expired' after 30 minutes", async () => {
    const { tokens } = await tokensFor(ada);
    await accountApi("recover-password", tokens.access_token);
    idp.clock.advance(31 * 60_000);
    const late = await accountApi("send-verification-code", tokens.access_token, { purpose: "password-update", authMethod: "sms" });
    expect(late.status).toBe(410);
    expect(late.body.errorMessage).toBe("session has expired");
  });

  it("verifies a captcha solution once and refuses its replay", async () => {
    const { tokens } = await tokensFor(hedy);
    const captchaToken = await solvedCaptchaToken(idp.url);
    expect((await accountApi("recover-password", tokens.access_token, { captchaToken })).status).toBe(200);
    const replay = await accountApi("recover-password", tokens.access_token, { captchaToken });
    expect(replay.status).toBe(400);
    expect(replay.body.errorMessage).toContain("Captcha");
  });
});

describe("results links and refusals", () => {
  it("issues a one-hour ACCESS token for the results API that the account API refuses", async () => {
    const response = await fetch(new URL("/dev/results-link", idp.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ada.email }),
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url.startsWith(`${PORTAL_URL}/results-link?access_token=`)).toBe(true);
    const token = new URL(url).searchParams.get("access_token")!;
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL("/jwks", idp.url)), {
      issuer: idp.service.issuer,
      audience: AUDIENCE,
    });
    expect(payload).toMatchObject({ sub: ada.userId, uid: ada.userId, email: ada.email, token_type: "ACCESS" });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect((await accountApi("recover-password", token)).status).toBe(401);
  });

  it("refuses self-service unlock when it is turned off", async () => {
    const browser = new Browser(idp.url);
    const { page } = await beginSignIn(browser);
    const uid = new URL(page.url).pathname.split("/")[2];
    const unlock = await browser.get(`/interaction/${uid}/unlock`);
    expect(unlock.status).toBe(403);
    expect(await unlock.text()).toContain("Self Service Account Unlock is not supported based on your current org configuration.");
  });
});

describe("malformed requests are the client's mistake", () => {
  it("a NUL byte in a hosted sign-in form is a 400 page, not a server error", async () => {
    const browser = new Browser(idp.url);
    const started = await beginSignIn(browser);
    const [form] = parseForms(started.html);
    if (!form) throw new Error("the sign-in page has no form");
    const response = await browser.post(form.action, { ...form.fields, username: "ada\u0000@example.test", password: "x" });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("Something went wrong");
  });

  it.each([
    "/auth?client_id=%00",
    "/auth?client_id=participant-portal&state=a%00b",
    "/interaction/abc?ui_locales=%01",
    "/api/captcha/challenge?x=%7F",
  ])("a control character in the query of %s is a translated 400, before anything reads it", async (target) => {
    const response = await fetch(new URL(target, idp.url), { headers: { "accept-language": "es" }, redirect: "manual" });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toMatch(/at [\w.<>]+ \(|node:internal|stack/i);
    if (target.startsWith("/api/")) expect(JSON.parse(text)).toMatchObject({ error: "invalid_request" });
    else expect(text).toContain('lang="es"');
  });

  it("a malformed escape in an account API operation is a 400 JSON answer, not a server error", async () => {
    const response = await fetch(new URL("/api/account/%E0%A4%A", idp.url), { method: "POST" });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toMatch(/at [\w.<>]+ \(|node:internal|stack/i);
    expect(JSON.parse(text)).toMatchObject({ error: "invalid_request" });
  });

  it("broken JSON on a development endpoint is a 400 JSON answer", async () => {
    const response = await fetch(new URL("/dev/results-link", idp.url), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request" });
  });
});
