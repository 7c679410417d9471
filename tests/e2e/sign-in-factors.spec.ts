import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { totpCode } from "../support/totp-codes";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { confirmWithTextMessage } from "./support/code-step";
import { expect, test, type TestParticipant } from "./support/fixtures";
import { expectFocusOn } from "./support/focus";
import { whenHydrated } from "./support/hydration";
import { withJs } from "./support/javascript-mode";
import { useLanguage } from "./support/language";
import { codesSince, outboxMarker } from "./support/outbox";
import { identify, signIn } from "./support/sign-in";
import { portalUrl } from "./support/stack";

/** Identify on the hosted page, choose the authenticator app and type its code; answers the code typed. */
async function signInWithApp(page: Page, person: TestParticipant, secret: string, periodsFromNow = 0): Promise<string> {
  await page.goto("/");
  await identify(page, person);
  const app = page.getByRole("radio", { name: "Authenticator app" });
  await expect(app).toBeVisible();
  await app.check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Enter the 6-digit code your authenticator app shows now.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend code" })).toHaveCount(0);
  const code = totpCode(secret, periodsFromNow);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => url.toString().startsWith(portalUrl));
  return code;
}

test.describe("sign-in factors", () => {
  test("a participant sets up an authenticator app with a fresh code, saves recovery codes, then signs in with the app", async ({
    page,
    ownSignedIn,
  }) => {
    const person = await ownSignedIn(page, { path: "/profile/security" });
    const methods = page.getByRole("region", { name: "Sign-in methods" });
    await expect(methods).toContainText("Not set up");
    await expectNoSeriousA11yViolations(page);
    await methods.getByRole("button", { name: "Set up an authenticator app" }).click();

    // A change needs a code passed in the last 5 minutes.
    await expect(page.getByRole("heading", { level: 1, name: "Set up an authenticator app" })).toBeVisible();
    await confirmWithTextMessage(page, person.phone!);

    await expect(page.getByRole("img", { name: /QR code that adds your DNA Discovery Program account/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const secret = (await page.locator("code").first().textContent())!.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // A wrong code: the app sends nothing, so nothing to resend.
    const appCode = totpCode(secret);
    await page.getByLabel("2. Enter the 6-digit code the app now shows.").fill(appCode === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("link", { name: "The code entered is not correct, please try again" })).toBeVisible();
    await expect(page.getByText(/resend/i)).toHaveCount(0);
    await page.getByLabel("2. Enter the 6-digit code the app now shows.").fill(appCode);
    await page.getByRole("button", { name: "Turn on" }).click();

    await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
    const codes = await page
      .getByRole("listitem")
      .filter({ hasText: /^[A-Z0-9]{5}-[A-Z0-9]{5}$/ })
      .allTextContents();
    expect(codes).toHaveLength(10);
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the codes as a text file" }).click(),
    ]);
    expect(file.suggestedFilename()).toBe("recovery-codes.txt");
    const text = await readFile((await file.path())!, "utf8");
    for (const code of codes) expect(text).toContain(code);
    await page.getByRole("button", { name: "I have saved my codes" }).click();

    await expect(page.getByText("Your authenticator app is set up.")).toBeVisible();
    await expectFocusOn(page, "Your authenticator app is set up.");
    await expect(methods).toContainText("Set up. Sign-in offers it first.");
    await expect(methods).toContainText("10 unused codes left");
    await expect(methods.getByRole("listitem").first()).toContainText("New recovery codes created");
    await expect(methods).toContainText("Authenticator app added");
    await expect(methods).toContainText(/Chrome on \w+/);

    // The app's next code (this period's was used to turn it on) signs the participant in.
    await page.context().clearCookies();
    await signInWithApp(page, person, secret, 1);
    await expect(page.getByRole("heading", { name: "My Results" })).toBeVisible();
  });

  test("signs in with an authenticator app set up before, offered first", async ({ page, participant }) => {
    // Each app code works once for its account: a participant of the test's own.
    const person = await participant("tara.totp");
    await signInWithApp(page, person, person.totpSecret!);
    await expect(page.getByRole("heading", { name: "My Results" })).toBeVisible();
  });

  test("a recovery code signs the participant in once, and Login & Security asks them to review their methods", async ({
    page,
    participant,
  }) => {
    // Three codes, so the one used leaves two.
    const person = await participant("rory.recovery", { recoveryCodes: ["5JF7T-C6YHF", "3ZQ4T-KMUXV", "CCRDN-HMUG4"] });
    await page.goto("/");
    await identify(page, person);
    await page.getByRole("link", { name: "Use a recovery code" }).click();
    await expect(page.getByRole("heading", { name: "Use a recovery code", level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Recovery code").fill(person.recoveryCodes![0]!.toLowerCase());
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/profile\/security$/);
    await expect(page.getByText("You signed in with a recovery code")).toBeVisible();
    const methods = page.getByRole("region", { name: "Sign-in methods" });
    await expect(methods).toContainText("2 unused codes left");
    await expect(methods).toContainText("A recovery code was used to sign in");
    await expectNoSeriousA11yViolations(page);

    // New codes replace the old ones, after a fresh code.
    await methods.getByRole("button", { name: "Get new recovery codes" }).click();
    await confirmWithTextMessage(page, person.phone!);
    await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
    await page.getByRole("button", { name: "I have saved my codes" }).click();
    await expect(page.getByText("Your new recovery codes are ready; the old ones no longer work.")).toBeVisible();
    await expect(methods).toContainText("10 unused codes left");

    await page.context().clearCookies();
    await page.goto("/");
    await identify(page, person);
    await page.getByRole("link", { name: "Use a recovery code" }).click();
    // An old code (used, or replaced by the new ones) no longer works.
    for (const old of person.recoveryCodes!.slice(0, 2)) {
      await page.getByLabel("Recovery code").fill(old);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByText("This recovery code is not correct or was already used").first()).toBeVisible();
    }
  });

  test("in Spanish on a phone, the hosted sign-in offers the authenticator app first and a recovery code", async ({
    page,
    context,
    reader,
  }) => {
    const person = await reader("tara.totp");
    await page.setViewportSize({ width: 375, height: 812 });
    await useLanguage(context, "es");
    await page.goto("/");
    await page.getByLabel("Correo electrónico").fill(person.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await expect(page.getByRole("radio", { name: "Aplicación de autenticación" })).toBeChecked();
    await expect(page.getByRole("group", { name: "¿Cómo quiere confirmar que es usted?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continuar" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("Introduzca el código de 6 dígitos que muestra ahora su aplicación de autenticación.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Login & Security's sign-in methods in Spanish on a phone", async ({ page, reader, signedIn }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedIn(page, await reader("lucia"));
    await page.goto("/profile/security?lang=es");
    const methods = page.getByRole("region", { name: "Métodos de inicio de sesión" });
    await expect(methods).toContainText("Sin configurar");
    await expect(methods.getByRole("button", { name: "Configurar una aplicación de autenticación" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

for (const language of ["en", "es"] as const) {
  const w = {
    en: {
      update: "Update Password",
      legend: "How do you want to confirm it's you?",
      app: "Authenticator app",
      go: "Continue",
      intro: "Enter the 6-digit code your authenticator app shows now.",
      code: "Authentication code",
      verify: "Verify",
      used: "This code was already used. Enter the next code your app shows.",
      newPassword: "New password",
    },
    es: {
      update: "Actualizar contraseña",
      legend: "¿Cómo quiere confirmar que es usted?",
      app: "Aplicación de autenticación",
      go: "Continuar",
      intro: "Introduzca el código de 6 dígitos que muestra ahora su aplicación de autenticación.",
      code: "Código de autenticación",
      verify: "Verificar",
      used: "Este código ya se usó. Introduzca el siguiente código que muestre su aplicación.",
      newPassword: "Contraseña nueva",
    },
  }[language];
  test(`the password update's code step takes the authenticator app's code, never speaking of sending one; a code used before is 'already used' (${language})`, async ({
    page,
    participant,
  }) => {
    // The app's code is taken once: a participant of the test's own, signed in with this period's code.
    const person = await participant("tara.totp");
    const usedAtSignIn = await signInWithApp(page, person, person.totpSecret!);
    await page.goto(`/profile/security?lang=${language}`);
    await whenHydrated(page);
    await page.getByRole("button", { name: w.update }).click();
    await expect(page.getByRole("radiogroup", { name: w.legend })).toBeVisible();
    await expect(page.getByText(/send the code|receive your code|recibir su código/i)).toHaveCount(0);
    await page.getByRole("radio", { name: w.app }).check();
    await page.getByRole("button", { name: w.go }).click();
    await expect(page.getByText(w.intro)).toBeVisible();
    await expect(page.getByRole("button", { name: /Resend|Reenviar/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // The code the sign-in just used is refused as used, not as wrong; the app's next one passes.
    await page.getByLabel(w.code).fill(usedAtSignIn);
    await page.getByRole("button", { name: w.verify }).click();
    await expect(page.getByRole("link", { name: w.used })).toBeVisible();
    await page.getByLabel(w.code).fill(totpCode(person.totpSecret!, 1));
    await page.getByRole("button", { name: w.verify }).click();
    await expect(page.getByLabel(w.newPassword, { exact: true })).toBeVisible();
  });
}

test.describe("passkeys", () => {
  test("with JavaScript: add a passkey after a fresh code, rename it, sign in with it alone, remove it", async ({ page, ownSignedIn }) => {
    test.skip(!withJs(), "passkeys need the browser's WebAuthn and the page's script; the no-JavaScript test checks none is offered");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const person = await ownSignedIn(page, { path: "/profile/security" });
    const methods = page.getByRole("region", { name: "Sign-in methods" });
    await methods.getByRole("button", { name: "Add a passkey" }).click();
    await confirmWithTextMessage(page, person.phone!);

    await expect(page.getByRole("heading", { level: 1, name: "Add a passkey" })).toBeVisible();
    await page.getByLabel("Name").fill("Laptop");
    await page.getByRole("button", { name: "Create the passkey" }).click();
    // Her first strong factor: ten recovery codes, shown this once.
    await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
    await page.getByRole("button", { name: "I have saved my codes" }).click();
    await expect(page.getByText("Your passkey is ready.")).toBeVisible();
    await expectFocusOn(page, "Your passkey is ready.");
    await expect(methods).toContainText("Laptop");
    await expect(methods).toContainText("not used yet");
    await expect(methods).toContainText("Passkey added");
    await expectNoSeriousA11yViolations(page);

    const item = methods.getByRole("listitem").filter({ hasText: "Laptop" }).first();
    await item.getByLabel("Name").fill("Work laptop");
    await item.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByText("The passkey was renamed.")).toBeVisible();
    await expect(methods).toContainText("Work laptop");

    // The password update's verification step takes the passkey instead of a code.
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByRole("button", { name: "Use a passkey instead" }).click();
    await expect(page.getByLabel("New password", { exact: true })).toBeVisible();

    // A passkey stands for the password and the code (signed out from a page with nothing loading in the background).
    await page.goto("/profile/overview");
    await page.context().clearCookies();
    await page.goto("/");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL((url) => url.toString().startsWith(portalUrl));
    await expect(page.getByRole("heading", { name: "My Results" })).toBeVisible();

    // Removing it needs a verification of this session's own (a code passed opens one change, in the session that passed it):
    // the passkey itself will do.
    await page.goto("/profile/security");
    await methods.getByRole("button", { name: "Remove Work laptop" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Remove a passkey" })).toBeVisible();
    await page.getByRole("button", { name: "Use a passkey instead" }).click();
    await expect(page.getByText("The passkey was removed.")).toBeVisible();
    await expect(methods).toContainText("No passkeys yet.");
  });

  test("without JavaScript no passkey button is offered, on Login & Security or at sign-in", async ({ page, reader }) => {
    test.skip(withJs(), "the JavaScript test uses passkeys");
    const person = await reader("greta");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
    await signIn(page, person);
    await page.goto("/profile/security");
    const methods = page.getByRole("region", { name: "Sign-in methods" });
    await expect(methods).toContainText("No passkeys yet.");
    await expect(methods.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  });
});

test("changing the phone number needs a fresh code, then a code sent to the new number", async ({ page, participant, signedIn }) => {
  const person = await participant("greta");
  const newNumber = withJs() ? "+15555559033" : "+15555559034";
  await signedIn(page, person);
  await page.goto("/profile/security");
  const methods = page.getByRole("region", { name: "Sign-in methods" });
  await methods.getByRole("button", { name: "Change phone number" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Change your phone number" })).toBeVisible();
  await confirmWithTextMessage(page, person.phone!);

  // A number that cannot be used is a field error; the typed text stays.
  await page.getByLabel("New phone number").fill("12");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Enter a valid phone number.").first()).toBeVisible();
  await expect(page.getByLabel("New phone number")).toHaveValue("12");

  await page.getByLabel("New phone number").fill(`(555) 555-${newNumber.slice(-4)}`);
  const newMarker = await outboxMarker(newNumber);
  await page.getByRole("button", { name: "Send code" }).click();
  const [toNew] = await codesSince(newNumber, newMarker);
  await expect(page.getByText(/We sent a 6-digit code by text message to .*\d{4}\. Enter it to confirm the new number\./)).toBeVisible();
  await page.getByLabel("Authentication code").fill(toNew!.code);
  await page.getByRole("button", { name: "Confirm the new number" }).click();
  await expect(page.getByText("Your phone number was changed.")).toBeVisible();
  await expectFocusOn(page, "Your phone number was changed.");
  await expect(methods).toContainText(`***-${newNumber.slice(-4)}`);
  await expect(methods).toContainText("Phone number changed");
  await expectNoSeriousA11yViolations(page);

  // This session, and only it, is offered to end the others: the sessions page says what changed.
  await page.getByRole("link", { name: "Review where you're signed in and sign out of the others" }).click();
  await expect(page).toHaveURL(/\/profile\/security\/sessions$/);
  await expect(page.getByRole("status").filter({ hasText: "Your phone number has been updated." })).toContainText(
    "No other device is signed in to your account.",
  );
});
