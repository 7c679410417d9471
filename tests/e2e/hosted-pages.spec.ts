import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { withJs } from "./support/javascript-mode";
import { screenMatrix, seenInThisMode } from "./support/matrix";
import { codesSince, outboxMarker } from "./support/outbox";
import { passSecurityCheck } from "./support/security-check";

/**
 * The identity provider's hosted pages as one site with the portal: each page a participant meets
 * carries the portal's logo and font, the language switch and the footer, at both designed widths, in
 * both languages, with and without JavaScript (the projects), and with no serious accessibility problem.
 */

const words = {
  en: {
    signIn: "Sign in",
    toOther: "Change language to Español",
    wrongPassword: "The email address or password is not correct",
    verify: "Verify it's you",
    enterCode: "Enter the code",
    createAccount: "Create an account",
    resetPassword: "Reset your password",
    forgot: "Forgot password?",
    someoneElse: "Sign in as someone else",
    support: "Customer support:",
    language: "Language",
    email: "Email address",
    password: "Password",
    continue: "Continue",
    text: "Text Message",
    sendCode: "Send code",
    code: "Authentication code",
    verifyCode: "Verify",
    tooMany: "Too many attempts. Please try again later.",
    newPassword: "Choose a new password",
    newPasswordLabel: "New password",
    confirmLabel: "Confirm new password",
    update: "Update password",
    unchanged: "Choose a password different from your current one",
    checkDone: "Check complete. You can continue.",
    tooSoon: /^The security check needs (\d+) more seconds?\. Wait, then select 'Send code' again$/,
  },
  es: {
    signIn: "Iniciar sesión",
    toOther: "Cambiar el idioma a English",
    wrongPassword: "El correo electrónico o la contraseña no son correctos",
    verify: "Verifique su identidad",
    enterCode: "Introduzca el código",
    createAccount: "Crear una cuenta",
    resetPassword: "Restablecer su contraseña",
    forgot: "¿Olvidó su contraseña?",
    someoneElse: "Iniciar sesión con otra cuenta",
    support: "Atención al cliente:",
    language: "Idioma",
    email: "Correo electrónico",
    password: "Contraseña",
    continue: "Continuar",
    text: "Mensaje de texto",
    sendCode: "Enviar código",
    code: "Código de autenticación",
    verifyCode: "Verificar",
    tooMany: "Demasiados intentos. Vuelva a intentarlo más tarde.",
    newPassword: "Elija una contraseña nueva",
    newPasswordLabel: "Contraseña nueva",
    confirmLabel: "Confirmar la contraseña nueva",
    update: "Actualizar contraseña",
    unchanged: "Elija una contraseña distinta de la actual",
    checkDone: "Comprobación completada. Ya puede continuar.",
    tooSoon: /^A la comprobación de seguridad le faltan? (\d+) segundos?\. Espere y vuelva a seleccionar «Enviar código»$/,
  },
} as const satisfies Record<"en" | "es", Record<string, string | RegExp>>;
type Words = { [Key in keyof (typeof words)["en"]]: (typeof words)["en"][Key] extends RegExp ? RegExp : string };

/** The security check's wait without JavaScript (platform/identity/captcha/human-check.ts), as its page asks. */

/** The portal sends a signed-out visitor to the hosted sign-in page; Spanish is chosen with its own switch. */
async function openSignIn(page: Page, language: "en" | "es") {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: words.en.signIn, level: 1 })).toBeVisible();
  if (language === "es") {
    await page.getByRole("button", { name: words.en.toOther }).click();
    await expect(page.getByRole("heading", { name: words.es.signIn, level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  }
}

/** The portal's frame: logo, Inter, the language switch and the footer; nothing wider than the screen; axe-clean. */
async function expectFrame(page: Page, w: Words) {
  await expect(page.locator("header.header svg")).toBeVisible();
  await expect(page.getByRole("form", { name: w.language })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(`${w.support} (800) 555-0142`);
  // The stylesheet may still be arriving when the page's text is already there.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter Variable/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);
}

for (const screen of screenMatrix) {
  const { viewport, language } = screen;
  test(`each hosted page a participant meets carries the portal's frame, and a refused password survives a reload (${viewport.name}, ${language})`, async ({
    page,
    javaScriptEnabled,
    participant,
  }) => {
    test.skip(!seenInThisMode(screen, javaScriptEnabled), "this screen is seen in the other mode");
    const w = words[language];
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await openSignIn(page, language);
    await expectFrame(page, w);

    // A wrong password (for an e-mail with no account: no participant's count moves) answers at the page's own address.
    await page.getByLabel(w.email).fill(`nobody.hosted.${viewport.name}.${language}@example.test`);
    await page.getByLabel(w.password, { exact: true }).fill("not-a-password-at-all");
    await page.getByRole("button", { name: w.signIn, exact: true }).click();
    await expect(page.getByRole("link", { name: w.wrongPassword })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/interaction\/[^/]+$/);
    await page.reload();
    await expect(page.getByRole("link", { name: w.wrongPassword })).toBeVisible();
    await expect(page.getByLabel(w.email)).toHaveValue(`nobody.hosted.${viewport.name}.${language}@example.test`);
    await expect(page.getByLabel(w.password, { exact: true })).toHaveValue("");
    await expectFrame(page, w);

    for (const [link, heading] of [
      [w.createAccount, w.createAccount],
      [w.forgot, w.resetPassword],
    ] as const) {
      await page.getByRole("link", { name: link }).click();
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expectFrame(page, w);
      await page.goBack();
      await expect(page.getByRole("heading", { name: w.signIn, level: 1 })).toBeVisible();
    }

    const iris = await participant("iris");
    await page.getByLabel(w.email).fill(iris.email);
    await page.getByLabel(w.password, { exact: true }).fill(iris.password);
    await page.getByRole("button", { name: w.signIn, exact: true }).click();
    await expect(page.getByRole("heading", { name: w.verify, level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: w.someoneElse })).toBeVisible();
    await expectFrame(page, w);
    await page.getByRole("radio", { name: w.text }).check();
    await page.getByRole("button", { name: w.sendCode }).click();
    await expect(page.getByRole("heading", { name: w.enterCode, level: 1 })).toBeVisible();
    await expectFrame(page, w);
    await page.getByRole("button", { name: w.someoneElse }).click();
    await expect(page.getByRole("heading", { name: w.signIn, level: 1 })).toBeVisible();
    await expect(page.getByLabel(w.password, { exact: true })).toBeVisible();
  });
}

test("recovery's wait: the sixth start for one e-mail within ten minutes is refused with a message (429) after the redirect, in the portal's frame", async ({
  page,
}) => {
  const language = withJs() ? "en" : "es";
  const w = words[language];
  const email = `nobody.recovery.${withJs() ? "js" : "nojs"}@example.test`;
  let status = 0;
  for (let start = 1; start <= 6; start += 1) {
    await page.context().clearCookies();
    await openSignIn(page, language);
    await page.getByRole("link", { name: w.forgot }).click();
    await expect(page.getByRole("heading", { name: w.resetPassword, level: 1 })).toBeVisible();
    await page.getByLabel(w.email).fill(email);
    // The refusal comes after the redirect (post-redirect-get): the page the POST leads to carries its status.
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === "GET" && response.request().resourceType() === "document" && /\/recover$/.test(response.url()),
    );
    await page.getByRole("button", { name: w.continue }).click();
    status = (await answer).status();
    if (start < 6) expect(status, `start ${start}`).toBeLessThan(400);
  }
  expect(status).toBe(429);
  await expect(page.getByRole("link", { name: w.tooMany })).toBeVisible();
  await expectFrame(page, w);
});

test("a password reset that reuses the current password is refused with a translated error", async ({ page, participant }) => {
  const language = withJs() ? "es" : "en";
  const w = words[language];
  const iris = await participant("iris");
  await openSignIn(page, language);
  await page.getByRole("link", { name: w.forgot }).click();
  await page.getByLabel(w.email).fill(iris.email);
  await page.getByRole("button", { name: w.continue }).click();
  await expect(page.getByRole("heading", { name: w.verify, level: 1 })).toBeVisible();
  await expectFrame(page, w);
  await page.getByRole("radio", { name: w.text }).check();
  await passSecurityCheck(page, w.checkDone);
  const marker = await outboxMarker(iris.phone!);
  await page.getByRole("button", { name: w.sendCode }).click();
  await expect(page.getByRole("heading", { name: w.enterCode, level: 1 })).toBeVisible();
  await expectFrame(page, w);
  // Other tests may text Iris a sign-in code meanwhile: the recovery code is the one to type.
  let recoveryCode = "";
  await expect
    .poll(async () => {
      recoveryCode = (await codesSince(iris.phone!, marker)).find((message) => message.purpose === "recovery")?.code ?? "";
      return recoveryCode;
    })
    .not.toBe("");
  await page.getByLabel(w.code).fill(recoveryCode);
  await page.getByRole("button", { name: w.verifyCode, exact: true }).click();
  await expect(page.getByRole("heading", { name: w.newPassword, level: 1 })).toBeVisible();
  await expectFrame(page, w);
  await page.getByLabel(w.newPasswordLabel, { exact: true }).fill(iris.password);
  await page.getByLabel(w.confirmLabel).fill(iris.password);
  await page.getByRole("button", { name: w.update }).click();
  await expect(page.getByRole("link", { name: w.unchanged })).toBeVisible();
  await expectFrame(page, w);
});

for (const language of ["en", "es"] as const) {
  test(`recovery's security check: 'Send code' pressed before the wait is over keeps the wait and says how many seconds are left (${language})`, async ({
    page,
  }) => {
    const w = words[language];
    // With JavaScript the check is a proof of work; when it cannot run, the page states the same wait as without.
    if (withJs()) await page.route("**/api/captcha/challenge", (route) => route.abort());
    await openSignIn(page, language);
    await page.getByRole("link", { name: w.forgot }).click();
    await page.getByLabel(w.email).fill(`nobody.early.${withJs() ? "js" : "nojs"}.${language}@example.test`);
    await page.getByRole("button", { name: w.continue }).click();
    await expect(page.getByRole("heading", { name: w.verify, level: 1 })).toBeVisible();
    const status = page.locator("#humanCheck").getByRole("status");
    // The status is rewritten while the page's script runs: read the seconds once it states them.
    let stated = 0;
    await expect
      .poll(async () => {
        stated = Number(/\d+/.exec((await status.textContent()) ?? "")?.[0] ?? 0);
        return stated;
      })
      .toBeGreaterThan(0);

    await page.getByRole("radio", { name: w.text }).check();
    await page.getByRole("button", { name: w.sendCode }).click();
    const refusal = page.getByRole("link", { name: w.tooSoon });
    await expect(refusal).toBeVisible();
    const left = Number(w.tooSoon.exec((await refusal.textContent())!.trim())![1]);
    expect(left).toBeGreaterThanOrEqual(1);
    expect(left).toBeLessThanOrEqual(stated);
    await expect(status).toContainText(String(left));
    await expectFrame(page, w);

    // Waited as the page says, 'Send code' goes through.
    await page.waitForTimeout(left * 1000);
    await page.getByRole("radio", { name: w.text }).check();
    await page.getByRole("button", { name: w.sendCode }).click();
    await expect(page.getByRole("heading", { name: w.enterCode, level: 1 })).toBeVisible();
  });
}
