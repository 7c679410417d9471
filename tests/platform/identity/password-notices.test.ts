import { describe, expect, it } from "vitest";
import {
  accountLikeAda,
  authorizePath,
  Browser,
  identityServiceForSuite,
  latestCode,
  participants,
  pkcePair,
  recoverToNewPassword,
  submit,
  tokensFor,
  emailsTo,
} from "./support.ts";

/**
 * A new password is news the participant must hear: whoever holds the phone can complete
 * 'Forgot password?'. Both a change (the portal's update) and a reset (recovery) are e-mailed to the
 * account's own address in its language, with what to do if it was not them; a reset to the
 * current password is refused like the portal's update refuses it.
 */

const lucia = accountLikeAda("T1090", "lucia@example.test", "secuencia-faro-2026", "+15555550190", {
  firstName: "Lucía",
  lastName: "Faro",
  locale: "es",
});

const idp = identityServiceForSuite({}, [...participants, lucia]);

const [ada, , , katherine, hedy] = participants;
if (!ada || !katherine || !hedy) throw new Error("the demo participants are missing");

const mailTo = (email: string) => emailsTo(idp.url, email);

async function accountApi(path: string, token: string, body: unknown = {}) {
  const response = await fetch(new URL(`/api/account/${path}`, idp.url), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { errorMessage?: string } };
}

async function passwordWorks(email: string, password: string): Promise<boolean> {
  const browser = new Browser(idp.url);
  const pkce = pkcePair();
  const page = await browser.follow(await browser.get(authorizePath({ challenge: pkce.challenge, state: "s2" })));
  const after = await submit(browser, await page.text(), { username: email, password });
  return !after.html.includes("The email address or password is not correct");
}

describe("a new password is e-mailed", () => {
  it("a change through the portal's password update", async () => {
    const { tokens } = await tokensFor(idp.url, katherine);
    const token = tokens.access_token;
    expect((await accountApi("recover-password", token)).status).toBe(200);
    idp.clock.advance(31_000);
    expect((await accountApi("send-verification-code", token, { purpose: "password-update", authMethod: "sms" })).status).toBe(200);
    const { code } = await latestCode(idp.url, katherine.phone!);
    expect((await accountApi("verify-code", token, { purpose: "password-update", code })).status).toBe(200);
    expect((await accountApi("update-password", token, { password: "a-changed-password-of-katherine" })).status).toBe(200);

    const [notice] = await mailTo(katherine.email);
    expect(notice).toMatchObject({ purpose: "notice", subject: "Your password was changed" });
    expect(notice?.body).toContain("If this was not you");
    expect(notice?.body).not.toContain("a-changed-password-of-katherine");
  });

  it("a reset through 'Forgot password?'", async () => {
    const { browser, page: reset } = await recoverToNewPassword(idp, hedy.email, hedy.phone!);
    expect(reset.html).toContain("Choose a new password");
    await submit(browser, reset.html, { password: "a-reset-password-of-hedy", confirmPassword: "a-reset-password-of-hedy" });
    expect(await passwordWorks(hedy.email, "a-reset-password-of-hedy")).toBe(true);

    const [notice] = await mailTo(hedy.email);
    expect(notice).toMatchObject({ purpose: "notice", subject: "Your password was reset" });
    expect(notice?.body).toContain("If this was not you");
    expect(notice?.body).not.toContain("a-reset-password-of-hedy");
  });

  it("in the participant's language", async () => {
    const { browser, page: reset } = await recoverToNewPassword(idp, lucia.email, lucia.phone);
    await submit(browser, reset.html, { password: "una-clave-nueva-de-lucia", confirmPassword: "una-clave-nueva-de-lucia" });
    const [notice] = await mailTo(lucia.email);
    expect(notice).toMatchObject({ purpose: "notice", subject: "Se restableció su contraseña", locale: "es" });
    expect(notice?.body).toContain("Si no fue usted");
  });
});

describe("a reset to the current password", () => {
  it("is refused with the portal's words, in the page's language, and changes nothing", async () => {
    const { browser, page: reset } = await recoverToNewPassword(idp, ada.email, ada.phone!);
    const again = await submit(browser, reset.html, { password: ada.password, confirmPassword: ada.password });
    expect(again.response.status).toBe(400);
    expect(again.html).toContain("Choose a password different from your current one");
    expect(again.html).not.toContain(ada.password);
    expect(await mailTo(ada.email)).toEqual([]);

    const spanish = await recoverToNewPassword(idp, lucia.email, lucia.phone, { ui_locales: "es" });
    const refused = await submit(spanish.browser, spanish.page.html, {
      password: "una-clave-nueva-de-lucia",
      confirmPassword: "una-clave-nueva-de-lucia",
    });
    expect(refused.response.status).toBe(400);
    expect(refused.html).toContain("Elija una contraseña distinta de la actual");
  });
});
