import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { fullNameOf } from "../support/demo-participants";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test, type TestParticipant } from "./support/fixtures";
import { useLanguage } from "./support/language";
import { codesSince, outboxMarker } from "./support/outbox";
import { passSecurityCheck } from "./support/security-check";
import { identify, passChallenge, signIn } from "./support/sign-in";
import { identityUrl, portalUrl } from "./support/stack";

/** The tests here drive the hosted sign-in pages every time, each with participants of its own. */

test.describe("sign-in, sessions and sign-out", () => {
  test("a participant signs in with an SMS code, sees their name, keeps the session on reload, and signs out", async ({
    page,
    context,
    participant,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const person = await signIn(page, await participant("ada"), { method: "sms" });
    await expect(page).toHaveURL(`${portalUrl}/`);
    const userMenu = page.getByRole("banner").getByText(fullNameOf(person), { exact: true }).filter({ visible: true });
    await expect(userMenu).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const cookies = await context.cookies(portalUrl);
    for (const cookie of cookies) {
      expect(cookie.value, `${cookie.name} must not carry a token`).not.toMatch(/eyJ[A-Za-z0-9_-]+\.eyJ/);
      expect(cookie.httpOnly, `${cookie.name} is httpOnly`).toBe(true);
      expect(cookie.sameSite).toBe("Lax");
    }
    expect(await page.content()).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.eyJ/);

    await page.reload();
    await expect(userMenu).toBeVisible();

    const sessionCookieBefore = cookies.find((cookie) => cookie.name.endsWith("portal_session"));
    expect(sessionCookieBefore).toBeDefined();
    await userMenu.click();
    // Both modes: the identity provider ends its session for the portal's own sign-out at once, no
    // confirmation page to click through, and the participant is back at sign-in.
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).first().click();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
    expect(page.url()).toContain(identityUrl);

    await page.goBack();
    await expect(page.getByText(fullNameOf(person))).toHaveCount(0);

    const replay = await page.request.get(`${portalUrl}/`, {
      headers: { Cookie: `${sessionCookieBefore!.name}=${sessionCookieBefore!.value}` },
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(302);
    expect(replay.headers()["location"]).toMatch(/\/session-expired|\/auth\/sign-in/);
  });

  test("a voice-only participant signs in with a 5-digit voice code", async ({ page, participant }) => {
    await signIn(page, await participant("carmen"), { method: "voice" });
    await expect(page).toHaveURL(`${portalUrl}/`);
  });

  test("a participant without a phone enrols one during sign-in", async ({ page, participant }) => {
    const person = await participant("felix");
    // A number of its own: the codes read from the outbox are this test's.
    const phone = `+1555777${String(randomInt(0, 10_000)).padStart(4, "0")}`;
    await page.goto("/");
    await identify(page, person);
    await expect(page.getByRole("heading", { name: "Add a phone number" })).toBeVisible();
    await page.getByLabel("Phone number for two-factor authentication").fill(phone);
    await passChallenge(page, phone, "sms");
    await page.waitForURL((url) => url.toString().startsWith(portalUrl));
    await expect(page).toHaveURL(`${portalUrl}/`);
  });

  test("after a stranger's failed passwords the sign-in asks for a security check, and the participant still gets in", async ({
    page,
    participant,
  }, testInfo) => {
    const scriptsRun = testInfo.project.name === "js";
    // The account stays escalated for 15 minutes: a participant of the test's own.
    const person = await participant("ada");
    await page.goto("/");
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await identify(page, person, `not-the-password-${attempt}`);
      await expect(page.getByRole("alert")).toContainText("The email address or password is not correct");
    }
    // From now on the page asks for the check before it looks at a password.
    const check = page.getByRole("group", { name: "A quick security check" });
    await expect(check).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue(person.email);
    await expectNoSeriousA11yViolations(page);
    if (!scriptsRun) await expect(check.getByRole("status")).toHaveText(/^Wait \d+ seconds, then select 'Sign in' again\.$/);
    await passSecurityCheck(page, "Check complete. You can continue.");
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Verify it's you" })).toBeVisible();
  });

  test("the page asked for is returned to after sign-in, and a returnTo to another host is ignored", async ({ page, participant }) => {
    const person = await participant("dmitri");
    await signIn(page, person, { path: "/?from=bookmark" });
    await expect(page).toHaveURL(`${portalUrl}/?from=bookmark`);
    await page.context().clearCookies();
    await signIn(page, person, { path: "/auth/sign-in?returnTo=https://evil.example/steal" });
    await expect(page).toHaveURL(`${portalUrl}/`);
  });

  test("a session the server no longer knows shows the expired screen and ends at sign-in", async ({ page, context, participant }) => {
    await signIn(page, await participant("elena"));
    const session = (await context.cookies(portalUrl)).find((cookie) => cookie.name.endsWith("portal_session"));
    if (!session) throw new Error("signed in without a session cookie");
    await context.addCookies([{ ...session, value: `${session.value.slice(0, -4)}AAAA` }]);
    await page.goto("/");
    await expect(page.getByText("Session has expired, redirecting you to log in screen...")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible({ timeout: 15_000 });
  });

  test("a results-link visitor gets the reduced header", async ({ page, participant }) => {
    const person = await participant("ada");
    const link = await fetch(`${identityUrl}/dev/results-link`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: person.email }),
    });
    expect(link.ok).toBe(true);
    const { url } = (await link.json()) as { url: string };
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(url);
    await expect(page).toHaveURL(`${portalUrl}/`);
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(header.getByRole("link", { name: "My Results" })).toHaveCount(0);
    await expect(header.getByText("Profile overview")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("a results link opened while signed in asks which session to keep, and only the chosen POST swaps", async ({
    page,
    participant,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const person = await signIn(page, await participant("hiro"));
    const linked = await participant("lucia");
    const minted = await fetch(`${identityUrl}/dev/results-link`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: linked.email }),
    });
    const { url } = (await minted.json()) as { url: string };
    await page.goto(url);
    await expect(page.getByRole("heading", { name: "Someone is already signed in on this browser" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Stay signed in" }).click();
    await expect(page).toHaveURL(`${portalUrl}/`);
    await expect(page.getByRole("banner").getByText(fullNameOf(person), { exact: true }).first()).toBeAttached();

    await page.goto(url);
    await page.getByRole("button", { name: "Sign out and open the results link" }).click();
    await expect(page).toHaveURL(`${portalUrl}/`);
    // The results-link view: the linked participant's results, and the signed-in participant's name gone from the header.
    await expect(page.getByRole("heading", { name: "My Results" })).toBeVisible();
    await expect(page.getByRole("banner").getByText(fullNameOf(person), { exact: true })).toHaveCount(0);
  });

  test("the code page holds 'Resend code' while the server does, and says when it can be used", async ({ page, participant }) => {
    const person = await participant("ada");
    await page.goto("/");
    await identify(page, person);
    const smsChoice = page.getByRole("radio", { name: "Text Message" });
    if (await smsChoice.count()) await smsChoice.check();
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("heading", { name: "Enter the code" })).toBeVisible();
    const resend = page.getByRole("button", { name: "Resend code" });
    await expect(resend).toBeDisabled();
    const wait = page.getByText(/You can ask for a new code in \d+ seconds\./);
    await expect(wait).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (test.info().project.name === "js") {
      // The seconds count down and the button is free at 0 (the e2e stack's lock is 6 s).
      const first = Number(/(\d+)/.exec((await wait.textContent()) ?? "")?.[1]);
      await expect(wait).not.toHaveText(`You can ask for a new code in ${first} seconds.`);
      await expect(page.getByText("You can ask for a new code now.")).toBeVisible({ timeout: 15_000 });
      await expect(resend).toBeEnabled();
      await expect(page.getByRole("link", { name: "Check again" })).toBeHidden();
    } else {
      // Without JavaScript a link loads the page again; once the lock is over the button is free.
      const check = page.getByRole("link", { name: "Check again" });
      await expect(check).toBeVisible();
      await expect(async () => {
        await check.click();
        await expect(resend).toBeEnabled({ timeout: 500 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByRole("heading", { name: "Enter the code" })).toBeVisible();
    }
  });

  test("results links with a broken token say why in a participant's words", async ({ page }) => {
    const response = await page.goto("/results-link");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("This link is missing the part that opens your results.")).toBeVisible();
    await expect(page.getByText("Open the link from your results e-mail again, or sign in to see your results.")).toBeVisible();
    await expect(page.getByText(/access token|JWT/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    const noUser = `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify({ iss: "x" })).toString("base64url")}.sig`;
    await page.goto(`/results-link?access_token=${noUser}`);
    await expect(page.getByText("This is not a valid results link.")).toBeVisible();
    const noIssuer = `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify({ uid: "P1001" })).toString("base64url")}.sig`;
    await page.goto(`/results-link?access_token=${noIssuer}`);
    await expect(page.getByText("This is not a valid results link.")).toBeVisible();
    const forged = `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify({ uid: "P1001", iss: identityUrl, exp: 9999999999 })).toString("base64url")}.c2ln`;
    const forgedResponse = await page.goto(`/results-link?access_token=${forged}`);
    expect(forgedResponse?.status()).toBe(401);
    // A library's words never reach the page, and only an expired link is said to have expired.
    await expect(page.getByText("This is not a valid results link.")).toBeVisible();
    await expect(page.getByText(/key id|Malformed|signature/i)).toHaveCount(0);
    await expect(page.getByText(/expired/)).toHaveCount(0);
    await page.goto("/results-link?access_token=not-a-token&lang=es");
    await expect(page.getByText("Este no es un enlace de resultados válido.")).toBeVisible();
    await page.goto("/results-link?lang=en");
    await expect(page.getByText("This link is missing the part that opens your results.")).toBeVisible();
    await expect(page.getByText(/expired/)).toHaveCount(0);
  });

  test("a POST from another origin is refused", async ({ request }) => {
    const response = await request.post(`${portalUrl}/auth/sign-out`, { headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
  });

  test("a callback without a sign-in transaction is refused with its reason", async ({ page }) => {
    const response = await page.goto("/auth/callback?code=abc&state=" + "a".repeat(64));
    expect(response?.status()).toBe(400);
    await expect(page.getByText("No transaction data was found in storage")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a callback whose state does not match the transaction, or that carries an IdP error, says why; a cancelled sign-in is no error", async ({
    page,
  }) => {
    const authorize = page.waitForRequest((request) => request.url().startsWith(`${identityUrl}/auth?`));
    await page.goto("/auth/sign-in");
    const realState = new URL((await authorize).url()).searchParams.get("state");
    expect(realState).toHaveLength(64);

    const mismatch = await page.goto(`/auth/callback?code=abc&state=${"b".repeat(64)}`);
    expect(mismatch?.status()).toBe(400);
    await expect(page.getByText("State in redirect uri does not match with transaction state")).toBeVisible();

    const refused = await page.goto(`/auth/callback?error=login_required&error_description=refused&state=${realState}`);
    expect(refused?.status()).toBe(400);
    await expect(page.getByText("Sign-in was cancelled or refused by the identity provider.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // access_denied is the participant's own 'Cancel': no error, the calm signed-out page.
    const cancelled = await page.goto(`/auth/callback?error=access_denied&error_description=denied&state=${realState}`);
    expect(cancelled?.status()).toBe(200);
    expect(page.url()).toBe(`${portalUrl}/auth/signed-out?reason=cancelled`);
    await expect(page.getByRole("heading", { name: "You are not signed in", level: 1 })).toBeVisible();
  });
});

/** The hosted pages' words a participant meets from the sign-in page to the code, in each language. */
const hostedWords = {
  en: {
    signIn: "Sign in",
    toOther: "Change language to Español",
    email: "Email address",
    password: "Password",
    text: "Text Message",
    sendCode: "Send code",
    enterCode: "Enter the code",
    code: "Authentication code",
    verify: "Verify",
    myResults: "My Results",
  },
  es: {
    signIn: "Iniciar sesión",
    toOther: "Cambiar el idioma a English",
    email: "Correo electrónico",
    password: "Contraseña",
    text: "Mensaje de texto",
    sendCode: "Enviar código",
    enterCode: "Introduzca el código",
    code: "Código de autenticación",
    verify: "Verificar",
    myResults: "Mis resultados",
  },
} as const;

/** From the hosted sign-in page shown in `language` to the portal: password, a text, its code. */
async function signInOnHostedPages(page: Page, person: TestParticipant, language: "en" | "es") {
  const w = hostedWords[language];
  await expect(page.getByRole("heading", { name: w.signIn, level: 1 })).toBeVisible();
  await page.getByLabel(w.email).fill(person.email);
  await page.getByLabel(w.password, { exact: true }).fill(person.password);
  await page.getByRole("button", { name: w.signIn, exact: true }).click();
  const marker = await outboxMarker(person.phone!);
  await page.getByRole("radio", { name: w.text }).check();
  await page.getByRole("button", { name: w.sendCode }).click();
  await expect(page.getByRole("heading", { name: w.enterCode, level: 1 })).toBeVisible();
  const [sent] = await codesSince(person.phone!, marker);
  await page.getByLabel(w.code).fill(sent!.code);
  await page.getByRole("button", { name: w.verify, exact: true }).click();
  await page.waitForURL((url) => url.toString().startsWith(portalUrl));
}

test.describe("the language chosen on the hosted sign-in pages", () => {
  for (const [portalLanguage, chosen] of [
    ["en", "es"],
    ["es", "en"],
  ] as const) {
    test(`becomes the portal's: the portal in ${portalLanguage}, ${chosen} chosen while signing in`, async ({
      page,
      context,
      participant,
    }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      const person = await participant("ada");
      await useLanguage(context, portalLanguage);
      await page.goto("/");
      await expect(page.getByRole("heading", { name: hostedWords[portalLanguage].signIn, level: 1 })).toBeVisible();
      await page.getByRole("button", { name: hostedWords[portalLanguage].toOther }).click();
      await signInOnHostedPages(page, person, chosen);

      await expect(page.locator("html")).toHaveAttribute("lang", chosen);
      await expect(page.getByRole("heading", { name: hostedWords[chosen].myResults, level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // Kept for the pages that follow, as a choice made in the portal would be.
      await page.goto("/profile");
      await expect(page.locator("html")).toHaveAttribute("lang", chosen);
    });
  }

  test("leaves the portal's own language when nothing is chosen there", async ({ page, context, participant }) => {
    const person = await participant("ada");
    await useLanguage(context, "es");
    await page.goto("/");
    await signInOnHostedPages(page, person, "es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { name: hostedWords.es.myResults, level: 1 })).toBeVisible();
  });
});
