import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";
import { withJs } from "./support/javascript-mode";

/**
 * 'Didn't get a code?' on every code step, with and without JavaScript (the projects): the portal's
 * shared code step (here the password update's) and the hosted sign-in code page, each listing only
 * the ways the participant has; and Login & Security's word to a participant relying on their phone alone.
 */
const words = {
  en: {
    help: "Didn't get a code?",
    sentTo: /We sent the code by text message to \(\*\*\*\) \*\*\*-\d{4}\./,
    delivery: "it can take up to 5 minutes",
    voice: "a code by voice call",
    app: "your authenticator app",
    passkey: "a passkey",
    security: "Login & Security",
    support: "(800) 555-0142",
    update: "Update Password",
    text: "Text Message",
    sendCode: "Send code",
    email: "Email address",
    password: "Password",
    signIn: "Sign in",
    enterCode: "Enter the code",
    hours: /Monday to Friday, 6\sAM to 6\sPM Pacific/i,
    voiceCall: "Voice Call",
    anotherWay: /sign in another way/i,
    callSupport: "If this is not your number any more, call support below",
  },
  es: {
    help: "¿No recibió un código?",
    sentTo: /Le enviamos el código por mensaje de texto al \(\*\*\*\) \*\*\*-\d{4}\./,
    delivery: "puede tardar hasta 5 minutos",
    voice: "un código por llamada de voz",
    app: "su aplicación de autenticación",
    passkey: "una llave de acceso",
    security: "Inicio de sesión y seguridad",
    support: "(800) 555-0142",
    update: "Actualizar contraseña",
    text: "Mensaje de texto",
    sendCode: "Enviar código",
    email: "Correo electrónico",
    password: "Contraseña",
    signIn: "Iniciar sesión",
    enterCode: "Introduzca el código",
    hours: /de lunes a viernes, de 6\sa\.\sm\. a 6\sp\.\sm\., hora del Pacífico/i,
    voiceCall: "Llamada de voz",
    anotherWay: /inicie sesión de otra forma/i,
    callSupport: "Si este ya no es su número, llame a soporte",
  },
} as const;
type Language = keyof typeof words;

const screens = [
  { language: "es", width: 375, height: 812 },
  { language: "en", width: 1366, height: 900 },
] as const;

/** Opens the native disclosure (a click on its summary works without JavaScript) and checks what it says. */
async function expectHelp(area: Locator, language: Language, has: { app: boolean }) {
  const w = words[language];
  const help = area.locator("details").filter({ hasText: w.help });
  await help.getByText(w.help).click();
  await expect(help.getByText(w.sentTo)).toBeVisible();
  await expect(help.getByText(w.delivery)).toBeVisible();
  await expect(help.getByRole("listitem").filter({ hasText: w.voice })).toBeVisible();
  await expect(help.getByRole("listitem").filter({ hasText: w.app })).toHaveCount(has.app ? 1 : 0);
  await expect(help.getByRole("listitem").filter({ hasText: w.passkey })).toHaveCount(0);
  await expect(help.getByRole("link", { name: w.security })).toBeVisible();
  await expect(help.getByRole("link", { name: w.support })).toHaveAttribute("href", "tel:+1-800-555-0142");
  // Support's hours as the portal's footer says them.
  await expect(help).toContainText(w.hours);
}

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const { language, width, height } of screens) {
  const w = words[language];

  test(`the portal's code step helps when a code does not arrive (${language}, ${width}px)`, async ({ page, participant, signedIn }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    const person = await participant("ada");
    await signedIn(page, person);
    await page.goto(`/profile/security?lang=${language}`);
    await whenHydrated(page);
    await page.getByRole("button", { name: w.update }).click();
    const area = withJs() ? page.getByRole("dialog", { name: w.update }) : page.getByRole("main");
    await area.getByRole("radio", { name: w.text }).check();
    await area.getByRole("button", { name: w.sendCode }).click();
    await expectHelp(area, language, { app: false });
    await expect(page.getByRole("contentinfo")).toContainText(w.hours);
    await expectNoSideways(page);
    await expectNoSeriousA11yViolations(page);
  });

  test(`the hosted code page helps when a code does not arrive (${language}, ${width}px)`, async ({ page, participant }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    const person = await participant("tara.totp");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: words.en.signIn, level: 1 })).toBeVisible();
    if (language === "es") {
      await page.getByRole("button", { name: "Change language to Español" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
    }
    await page.getByLabel(w.email).fill(person.email);
    await page.getByLabel(w.password, { exact: true }).fill(person.password);
    await page.getByRole("button", { name: w.signIn, exact: true }).click();
    await page.getByRole("radio", { name: w.text }).check();
    await page.getByRole("button", { name: /^(Send code|Continue|Enviar código|Continuar)$/ }).click();
    await expect(page.getByRole("heading", { name: w.enterCode })).toBeVisible();
    await expectHelp(page.getByRole("main"), language, { app: true });
    await expectNoSideways(page);
    await expectNoSeriousA11yViolations(page);
  });
}

test("Login & Security tells a participant relying on their phone alone, and offers an authenticator app", async ({
  page,
  participant,
  signedIn,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const person = await participant("ada");
  await signedIn(page, person);
  await page.goto("/profile/security?lang=en");
  const notice = page.getByRole("complementary", { name: "Your phone is your only second step" });
  await expect(notice).toContainText("least safe way");
  await expectNoSeriousA11yViolations(page);
  await notice.getByRole("button", { name: "Use an authenticator app" }).click();
  await expect(page).toHaveURL(/\/profile\/security\/factors$/);

  const withApp = await participant("tara.totp");
  await page.context().clearCookies();
  await signedIn(page, withApp);
  await page.goto("/profile/security?lang=en");
  await expect(page.getByRole("heading", { name: "Sign-in methods" })).toBeVisible();
  await expect(page.getByText("Your phone is your only second step")).toHaveCount(0);
});

for (const language of ["en", "es"] as const) {
  test(`a voice-only participant is not told to sign in another way, which they do not have (${language})`, async ({
    page,
    participant,
  }) => {
    const w = words[language];
    const person = await participant("carmen");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: words.en.signIn, level: 1 })).toBeVisible();
    if (language === "es") {
      await page.getByRole("button", { name: "Change language to Español" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
    }
    await page.getByLabel(w.email).fill(person.email);
    await page.getByLabel(w.password, { exact: true }).fill(person.password);
    await page.getByRole("button", { name: w.signIn, exact: true }).click();
    const voice = page.getByRole("radio", { name: w.voiceCall });
    if (await voice.count()) await voice.check();
    await page.getByRole("button", { name: w.sendCode }).click();
    await expect(page.getByRole("heading", { name: w.enterCode })).toBeVisible();
    const help = page.getByRole("main").locator("details").filter({ hasText: w.help });
    await help.getByText(w.help).click();
    await expect(help).toContainText(w.callSupport);
    await expect(help.getByText(w.anotherWay)).toHaveCount(0);
    await expect(help).toContainText(w.hours);
    await expectNoSeriousA11yViolations(page);
  });
}
