import { totpCode } from "../support/totp-codes";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { codesSince, outboxMarker } from "./support/outbox";

/**
 * A new phone number when the current one cannot receive codes: confirmed with the authenticator app,
 * it is only requested, shown on Login & Security with its dates until it takes effect, and can be
 * cancelled there with a plain form. English at 1366 px, Spanish at 375 px, with and without JavaScript.
 */
const screens = [
  {
    language: "en",
    width: 1366,
    height: 900,
    words: {
      methods: "Sign-in methods",
      changePhone: "Change phone number",
      title: "Change your phone number",
      cannotReceive: "My current number can't receive codes",
      waitIntro: /the new number takes effect only after a waiting period/,
      app: "A code from your authenticator app",
      continue: "Continue",
      code: "Authentication code",
      confirm: "Confirm",
      newPhone: "New phone number",
      send: "Send code",
      confirmNew: "Confirm the new number",
      requested: "Your new phone number was requested.",
      waiting: "A change of your phone number is waiting",
      waitingBody:
        /A change of your phone number to .*\d{4} was requested on .+\. It takes effect on .+; until then, codes go to your current number\./,
      cancel: "Cancel this change",
      cancelled: "The change of your phone number was cancelled.",
    },
  },
  {
    language: "es",
    width: 375,
    height: 812,
    words: {
      methods: "Métodos de inicio de sesión",
      changePhone: "Cambiar el número de teléfono",
      title: "Cambiar su número de teléfono",
      cannotReceive: "Mi número actual no puede recibir códigos",
      waitIntro: /el número nuevo entra en vigor solo después de un período de espera/,
      app: "Un código de su aplicación de autenticación",
      continue: "Continuar",
      code: "Código de autenticación",
      confirm: "Confirmar",
      newPhone: "Número de teléfono nuevo",
      send: "Enviar código",
      confirmNew: "Confirmar el número nuevo",
      requested: "Se solicitó su número de teléfono nuevo.",
      waiting: "Hay un cambio de su número de teléfono en espera",
      waitingBody:
        /se solicitó un cambio de su número de teléfono a .*\d{4}\. Entrará en vigor el .+; hasta entonces, los códigos van a su número actual\./,
      cancel: "Cancelar este cambio",
      cancelled: "Se canceló el cambio de su número de teléfono.",
    },
  },
] as const;

for (const { language, width, height, words } of screens) {
  test(`${language} at ${width} px: a new number without the old one waits, is shown with its dates, and can be cancelled`, async ({
    page,
    participant,
    signedIn,
  }) => {
    const person = await participant("tara.totp", { locale: language });
    const secret = person.totpSecret!;
    const oldEnding = person.phone!.slice(-4);
    const newNumber = `+1555555${String(1000 + Math.floor(Math.random() * 9000))}`;
    await page.setViewportSize({ width, height });
    await signedIn(page, person, { method: "sms" });
    await page.goto(`/profile/security?lang=${language}`);
    const methods = page.getByRole("region", { name: words.methods });
    await methods.getByRole("button", { name: words.changePhone }).click();
    await expect(page.getByRole("heading", { level: 1, name: words.title })).toBeVisible();

    // The current number cannot receive codes: the app confirms it's her instead.
    await page.getByRole("button", { name: words.cannotReceive }).click();
    await expect(page.getByText(words.waitIntro)).toBeVisible();
    await expect(page.getByRole("button", { name: words.cannotReceive })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("radio", { name: words.app }).check();
    await page.getByRole("button", { name: words.continue }).click();
    await page.getByLabel(words.code).fill(totpCode(secret));
    await page.getByRole("button", { name: words.confirm, exact: true }).click();

    await page.getByLabel(words.newPhone).fill(`(555) 555-${newNumber.slice(-4)}`);
    const marker = await outboxMarker(newNumber);
    await page.getByRole("button", { name: words.send }).click();
    const [toNew] = await codesSince(newNumber, marker);
    await page.getByLabel(words.code).fill(toNew!.code);
    await page.getByRole("button", { name: words.confirmNew }).click();

    // Requested, not applied: the old number stays until the date shown.
    await expect(page.getByText(words.requested)).toBeVisible();
    await expect(methods).toContainText(words.waiting);
    await expect(methods.getByText(words.waitingBody)).toBeVisible();
    await expect(methods).toContainText(`***-${oldEnding}`);
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await methods.getByRole("button", { name: words.cancel }).click();
    await expect(page.getByText(words.cancelled)).toBeVisible();
    await expect(methods).not.toContainText(words.waiting);
    await expect(methods).toContainText(`***-${oldEnding}`);
    await expectNoSeriousA11yViolations(page);
  });
}
