import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { waitForResendUnlock } from "./support/code-step";
import { expect, test, type TestParticipant } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";
import { withJs } from "./support/javascript-mode";
import { expectWhollyVisible } from "./support/layout";
import { codesSince, outboxMarker } from "./support/outbox";
import { identify } from "./support/sign-in";
import { portalUrl } from "./support/stack";

/** Where a step's form lives: the 'Update Password' modal with JavaScript, the page without. */
function stepArea(page: Page) {
  return withJs() ? page.getByRole("dialog", { name: /Update Password|Actualizar contraseña/ }) : page.getByRole("main");
}

/** With JavaScript, wait until the page's script runs, so the click opens the modal rather than a full page. */

async function startUpdate(page: Page, updateLabel = "Update Password") {
  await page.goto("/profile/security");
  await whenHydrated(page);
  await page.getByRole("button", { name: updateLabel }).click();
  await expect(page).toHaveURL(/\/profile\/security\/password$/);
}

async function sendCode(page: Page, person: TestParticipant, methodLabel: string, sendLabel = "Send code") {
  const marker = await outboxMarker(person.phone!);
  const area = stepArea(page);
  await area.getByRole("radio", { name: methodLabel }).check();
  await area.getByRole("button", { name: sendLabel }).click();
  const [newest] = await codesSince(person.phone!, marker);
  return newest!.code;
}

async function expectSignInWorks(page: Page, person: TestParticipant, password: string, works: boolean) {
  await page.context().clearCookies();
  await page.goto("/");
  await identify(page, person, password);
  if (works)
    await expect(page.getByRole("heading", { name: "Enter the code" }).or(page.getByRole("radio", { name: "Text Message" }))).toBeVisible();
  else await expect(page.getByText("The email address or password is not correct").first()).toBeVisible();
}

test.describe("profile pages", () => {
  test("side navigation, overview banner, studies and mobile cards", async ({ page, reader, signedIn }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const ada = await signedIn(page, await reader("ada"));
    await page.goto("/profile");
    const nav = page.getByRole("navigation", { name: "My Account" });
    await expect(nav.getByRole("link", { name: "Personal Information" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Login & Security" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "My Studies" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Ada Maren Testwell");
    await expect(page.getByLabel("Email")).toHaveValue(ada.email);

    await page.goto("/profile/overview");
    await expect(page.getByText("More to come")).toBeVisible();
    await expect(page.getByRole("link", { name: "support@dnadiscovery.example" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/profile/studies");
    const form = page.getByRole("link", { name: /privacy web form/ });
    await expect(form).toHaveAttribute("target", "_blank");
    await expect(form).toHaveAccessibleName(/opens in a new tab/);
    // One account of each choice: the account stays unless the data is deleted too.
    await expect(
      page.getByText("If you also have your data deleted, your data is removed and your account is closed.", { exact: false }),
    ).toBeVisible();

    await page.goto("/profile/security");
    await expect(page.getByRole("heading", { name: "Login & Security" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Update Password" })).toBeVisible();
    // The page's h1 is its largest heading; the row names below it are h2s that never outgrow it.
    const fontSize = (name: string, level: number) =>
      page
        .getByRole("main")
        .getByRole("heading", { level, name })
        .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(await fontSize("Login & Security", 1)).toBeGreaterThan(await fontSize("Password", 2));

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/profile?lang=es");
    const cards = page.getByRole("navigation", { name: "Mi cuenta" }).filter({ visible: true });
    // With JavaScript links that Space opens too; without it, the buttons of forms that go to each section.
    const card = (name: RegExp) => cards.getByRole(withJs() ? "link" : "button", { name });
    await expect(cards.getByRole(withJs() ? "link" : "button")).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
    await whenHydrated(page);
    await card(/Inicio de sesión y seguridad/).focus();
    await page.keyboard.press("Space");
    await expect(page).toHaveURL(/\/profile\/security\??$/);
    await expect(page.getByRole("link", { name: "Volver a Mi cuenta" })).toBeVisible();
    await page.goBack();
    await card(/Información personal/).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/profile\/overview\??$/);
  });

  test("My Studies lists each consent with its version, when it was given or withdrawn, and the document signed", async ({
    page,
    reader,
    signedIn,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signedIn(page, await reader("ada"));
    await page.goto("/profile/studies");
    const history = page.getByRole("region", { name: "Your consents" });
    const items = history.getByRole("listitem");
    await expect(items).toHaveCount(4);
    // Newest first: the two study consents of 4 August, then platform and research of 20 July.
    await expect(items.getByRole("heading", { level: 3 })).toHaveText(["Health", "Traits", "Platform consent", "Research consent"]);
    const traits = items.filter({ has: page.getByRole("heading", { name: "Traits" }) });
    await expect(traits).toContainText("1.4");
    await expect(traits).toContainText("August 4, 2026");
    await expect(traits).toContainText("Withdrawn on October 12, 2026");
    const research = items.filter({ has: page.getByRole("heading", { name: "Research consent" }) });
    await expect(research).toContainText("In effect");
    const document = research.getByRole("link", { name: "Read version 2.0 (opens in a new tab)" });
    await expect(document).toHaveAttribute("href", "https://www.dnadiscovery.example/research-consent?version=2.0");
    await expect(document).toHaveAttribute("target", "_blank");
    await expectNoSeriousA11yViolations(page);

    await page.context().clearCookies();
    await page.setViewportSize({ width: 375, height: 800 });
    await signedIn(page, await reader("lucia"));
    await page.goto("/profile/studies");
    const spanish = page.getByRole("region", { name: "Sus consentimientos" });
    await expect(spanish.getByRole("heading", { level: 3 })).toHaveText([
      "Hipercolesterolemia familiar",
      "Consentimiento de la plataforma",
      "Consentimiento de investigación",
    ]);
    await expect(spanish).toContainText("1 de agosto de 2026");
    await expect(spanish.getByRole("link", { name: "Leer la versión 1.0 (se abre en una pestaña nueva)" }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a participant without research consent has no My Studies", async ({ page, reader, signedIn }) => {
    await signedIn(page, await reader("dmitri"));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/profile");
    await expect(page.getByRole("navigation", { name: "My Account" }).getByRole("link", { name: "My Studies" })).toHaveCount(0);
    const direct = await page.goto("/profile/studies");
    expect(direct?.status()).toBe(404);
    // By URL: a friendly answer inside the profile layout, with the signed-in header and menu kept.
    await expect(page.getByRole("heading", { level: 1, name: "This section is not part of your account" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Go to Personal Information" })).toHaveAttribute("href", "/profile");
    await expect(page.getByRole("navigation", { name: "My Account" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "My Results" }).first()).toBeVisible();
    await expect(page.getByLabel(/Account menu for/).first()).toBeAttached();
    await expect(page).toHaveTitle("This section is not part of your account | DNA Discovery Program");
    await expectNoSeriousA11yViolations(page);
  });

  test("a step cannot be reached out of order", async ({ page, reader, signedIn }) => {
    await signedIn(page, await reader("elena"));
    await page.goto("/profile/security/password");
    await expect(page).toHaveURL(/\/profile\/security$/);
    const forged = await page.request.post(`${portalUrl}/profile/security/password`, {
      form: { intent: "set-password", password: "Forged-Password-1", confirmPassword: "Forged-Password-1" },
      headers: { Origin: portalUrl },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(302);
    expect(forged.headers()["location"]).toBe("/profile/security");
  });
});

test.describe("password update", () => {
  test("by SMS, with every code and password error on the way, then sign-in with the new password only", async ({
    page,
    participant,
    signedIn,
  }) => {
    test.setTimeout(120_000);
    const person = await participant("greta");
    await page.setViewportSize({ width: 1366, height: 900 });
    await signedIn(page, person);
    await startUpdate(page);
    const area = stepArea(page);
    await expect(area.getByText(`(***) ***-${person.phone!.slice(-4)}`)).toBeVisible();
    await expect(area.getByRole("radio", { name: "Text Message" })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    const code = await sendCode(page, person, "Text Message");

    const codeField = area.getByLabel("Authentication code");
    await expect(codeField).toHaveAttribute("placeholder", "6-digit code");
    if (withJs()) {
      // The pointer resting on 'Resend code' opens its tooltip; a real click on Verify still reaches Verify.
      await area.getByRole("button", { name: "Resend code" }).hover();
      const tooltip = page.getByRole("tooltip", { name: /Will activate after/ });
      await expect(tooltip).toBeVisible();
      // It covers no control: not Verify, not the code field.
      const bubble = await tooltip.boundingBox();
      for (const control of [area.getByRole("button", { name: "Verify" }), codeField]) {
        const box = await control.boundingBox();
        const overlaps =
          !!bubble &&
          !!box &&
          bubble.x < box.x + box.width &&
          box.x < bubble.x + bubble.width &&
          bubble.y < box.y + box.height &&
          box.y < bubble.y + bubble.height;
        expect(overlaps).toBe(false);
      }
    }
    await area.getByRole("button", { name: "Verify" }).click();
    await expect(area.getByRole("alert").getByRole("link", { name: "Authentication code not entered" })).toBeVisible();
    // With JavaScript the component moves focus; without it the server-rendered autofocus does.
    await expect(area.getByRole("alert").locator("..")).toBeFocused();
    await expect(page).toHaveTitle("Error: Update Password: enter your code | DNA Discovery Program");
    await codeField.fill("12ab");
    await area.getByRole("button", { name: "Verify" }).click();
    await expect(area.getByRole("link", { name: "Authentication code is not in correct format" })).toBeVisible();
    const wrong = code === "000000" ? "111111" : "000000";
    await codeField.fill(wrong);
    await area.getByRole("button", { name: "Verify" }).click();
    await expect(area.getByRole("link", { name: "The code entered is not correct, please try again or resend a code" })).toBeVisible();
    await expect(codeField).toHaveValue(wrong);
    await codeField.fill(code);
    await area.getByRole("button", { name: "Verify" }).click();

    const password = area.getByLabel("New password", { exact: true });
    const confirm = area.getByLabel("Confirm new password");
    await expect(password).toBeVisible();
    await expect(area.getByText("Use 10 or more characters and a password that is not commonly used")).toBeVisible();
    if (withJs()) {
      // Leaving a field checks that field only: the confirmation is not flagged before it is touched.
      await password.fill("short1!");
      await password.press("Tab");
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(confirm).not.toHaveAttribute("aria-invalid", "true");
      await expect(area.getByText("Password not entered")).toHaveCount(0);
    }
    await password.fill("short1!");
    await confirm.fill("short1!");
    await area.getByRole("button", { name: "Update" }).click();
    await expect(area.getByRole("link", { name: "Your password needs to be 10 or more characters" })).toBeVisible();
    // Without JavaScript the server answered without echoing the secret back, and so without the
    // strength of a password the field no longer holds; with it, the meter is a polite live region.
    if (!withJs()) {
      await expect(password).toHaveValue("");
      await expect(area.getByText("Password strength:")).toHaveCount(0);
    } else {
      await expect(area.getByText("Password strength: Weak")).toBeVisible();
      await expect(area.locator('[aria-live="polite"]').filter({ hasText: "Password strength: Weak" })).toHaveCount(1);
    }
    await password.fill("Another-Long-Pass-9");
    await confirm.fill("Another-Long-Pass-8");
    await area.getByRole("button", { name: "Update" }).click();
    await expect(area.getByRole("link", { name: "The passwords do not match. Try again." })).toBeVisible();
    await password.fill("password1234");
    await confirm.fill("password1234");
    await area.getByRole("button", { name: "Update" }).click();
    await expect(area.getByRole("link", { name: "The password is too easy to guess, please try another one" })).toBeVisible();

    const newPassword = `${person.password}-New!`;
    await password.fill(newPassword);
    if (withJs()) await expect(area.getByText("Password strength: Strong")).toBeVisible();
    await confirm.fill(newPassword);
    await area.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(/\/profile\/security$/);
    await expect(page.getByText("Password updated successfully")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await expectSignInWorks(page, person, person.password, false);
    await expectSignInWorks(page, person, newPassword, true);
  });

  test("by voice in Spanish at 375px, with a 5-digit code", async ({ page, participant, signedIn }) => {
    test.setTimeout(90_000);
    const person = await participant("greta");
    await page.setViewportSize({ width: 375, height: 800 });
    await signedIn(page, person);
    await page.goto("/profile/security?lang=es");
    await expect(page.getByRole("heading", { name: "Inicio de sesión y seguridad" })).toBeVisible();
    await startUpdate(page, "Actualizar contraseña");
    const code = await sendCode(page, person, "Llamada de voz", "Enviar código");
    expect(code).toMatch(/^\d{5}$/);
    const area = stepArea(page);
    const codeField = area.getByLabel("Código de autenticación");
    await expect(codeField).toHaveAttribute("placeholder", "Código de 5 dígitos");
    await codeField.fill(`${code.slice(0, 2)}a${code.slice(3)}`);
    await area.getByRole("button", { name: "Verificar" }).click();
    await expect(area.getByRole("link", { name: "El código de autenticación no tiene el formato correcto" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await codeField.fill(code);
    await area.getByRole("button", { name: "Verificar" }).click();
    const newPassword = `${person.password}-Nueva#`;
    await area.getByLabel("Contraseña nueva", { exact: true }).fill(newPassword);
    await area.getByLabel("Confirme la contraseña nueva").fill(newPassword);
    await expectNoSeriousA11yViolations(page);
    await area.getByRole("button", { name: "Actualizar" }).click();
    await expect(page.getByText("La contraseña se actualizó correctamente")).toBeVisible();
    await expectSignInWorks(page, person, newPassword, true);
  });

  // The stack under test locks resend for CODE_RESEND_LOCK_SECONDS (playwright.config.ts), not SPEC's 30 s.
  test("resend is locked, then sends a new code; an expired session ends at the expired screen", async ({
    page,
    context,
    participant,
    signedIn,
  }) => {
    test.setTimeout(120_000);
    const person = await participant("greta");
    await page.setViewportSize({ width: 320, height: 640 });
    await signedIn(page, person);
    await startUpdate(page);
    await sendCode(page, person, "Text Message");
    const area = stepArea(page);
    const resend = area.getByRole("button", { name: "Resend code" });
    await expect(area.getByText(/You can ask for a new code in \d+ seconds\./)).toBeVisible();
    // The server enforces the lock, whatever the page shows.
    const early = await page.request.post(`${portalUrl}/profile/security/password`, {
      form: { intent: "resend" },
      headers: { Origin: portalUrl },
    });
    expect(early.status()).toBe(429);
    if (withJs()) {
      await expect(resend).toHaveAttribute("aria-disabled", "true");
      await resend.focus();
      // At 320px the tooltip is whole: inside the dialog and the viewport, nothing over it.
      await expectWhollyVisible(area.getByRole("tooltip", { name: "Will activate after 30 seconds" }));
    } else {
      await expect(resend).toBeDisabled();
    }

    const marker = await outboxMarker(person.phone!);
    await waitForResendUnlock(page, resend);
    await resend.click();
    await expect(area.getByText("We sent you a new code.")).toBeVisible();
    const [fresh] = await codesSince(person.phone!, marker);
    expect(fresh!.code).toMatch(/^\d{6}$/);

    // The session ends on the server while the participant is on a step.
    const [session] = (await context.cookies(portalUrl)).filter((cookie) => cookie.name.endsWith("portal_session"));
    await context.addCookies([{ ...session!, value: `${session!.value.slice(0, -4)}AAAA` }]);
    await area.getByLabel("Authentication code").fill(fresh!.code);
    await area.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Session has expired, redirecting you to log in screen...")).toBeVisible();
  });
});
