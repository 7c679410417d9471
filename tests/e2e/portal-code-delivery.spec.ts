import type { Page } from "@playwright/test";
import { totpCode } from "../support/totp-codes";
import type { ScriptedAnswer } from "../support/twilio-api";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { waitForResendUnlock } from "./support/code-step";
import { expect, test, type TestParticipant } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";
import { withJs } from "./support/javascript-mode";
import { useLanguage } from "./support/language";
import { codesSince, outboxMarker } from "./support/outbox";
import { twilioUrl } from "./support/stack";

/**
 * The portal's own code steps (the password update, a sign-in method change, the withdrawal, the raw
 * data download) send
 * their codes through the identity service's account API and on to the text provider (the local
 * Twilio API, tests/support/twilio-api.ts). A text the provider refuses at once, or reports
 * undelivered later, is shown on the code step in the participant's language with their other ways,
 * and 'Didn't get a code?' says so. JavaScript on and off (the projects), English and Spanish.
 */
const words = {
  en: {
    updatePassword: "Update Password",
    dialog: "Update Password",
    text: "Text Message",
    sendCode: "Send code",
    failed: (masked: string) => `We could not send a text to ${masked}.`,
    undelivered: (masked: string) => `Your phone company reported that the text to ${masked} was not delivered.`,
    stop: "it replied STOP",
    invalid: "This does not seem to be a working phone number.",
    call: "Call me with a code instead",
    app: "Use my authenticator app",
    calling: (masked: string) => `We are calling ${masked} with a 5-digit code.`,
    appIntro: "Enter the 6-digit code your authenticator app shows now.",
    code: "Authentication code",
    verify: "Verify",
    newPassword: "New password",
    methods: "Sign-in methods",
    setUpApp: "Set up an authenticator app",
    textTo: /^Text message to/,
    continue: "Continue",
    help: "Didn't get a code?",
    helpUndelivered: (masked: string) => `Your phone company reported that the last text to ${masked} was not delivered.`,
    check: "Check whether it was delivered",
    withdraw: "Stop using my data in research",
    sendOrContinue: /^(Send code|Continue)$/,
    confirmWithdrawal: "Confirm withdrawal",
    received: "We received your withdrawal request",
    exome: /^Download your exome file \(VCF, [\d.]+ (kB|MB)\)$/,
    notSms: "This number cannot receive text messages. A call to it may work.",
    release: "Confirm and release my file",
    ready: "Your file is ready",
    useRecovery: "Use a recovery code",
    recoveryIntro: "Enter one of your recovery codes (like 7K3M9-Q2XPD). Each code works once.",
    recoveryLabel: "Recovery code",
    recoveryWrong: "This recovery code is not correct or was already used. Try another of your codes.",
    recoveryNotForDownload: "A recovery code cannot release your raw genetic data.",
    changePhone: "Change phone number",
    confirm: "Confirm",
    newPhone: "New phone number",
    newPhoneRefused:
      "We could not send a text to this number: it does not seem to be a working phone number. Check it, or enter another number.",
    newPhoneIntro: /^We sent a 6-digit code by text message to .*\d{4}\. Enter it to confirm the new number\.$/,
    resend: "Resend code",
    checkAgain: "Check whether I can ask for a new code",
  },
  es: {
    updatePassword: "Actualizar contraseña",
    dialog: "Actualizar contraseña",
    text: "Mensaje de texto",
    sendCode: "Enviar código",
    failed: (masked: string) => `No pudimos enviar un mensaje de texto al ${masked}.`,
    undelivered: (masked: string) => `Su compañía telefónica informó que el mensaje de texto al ${masked} no se entregó.`,
    stop: "respondió STOP",
    invalid: "Parece que este no es un número de teléfono en servicio.",
    call: "Llámenme con un código",
    app: "Usar mi aplicación de autenticación",
    calling: (masked: string) => `Le estamos llamando al ${masked} con un código de 5 dígitos.`,
    appIntro: "Introduzca el código de 6 dígitos que muestra ahora su aplicación de autenticación.",
    code: "Código de autenticación",
    verify: "Verificar",
    newPassword: "Contraseña nueva",
    methods: "Métodos de inicio de sesión",
    setUpApp: "Configurar una aplicación de autenticación",
    textTo: /^Mensaje de texto al/,
    continue: "Continuar",
    help: "¿No recibió un código?",
    helpUndelivered: (masked: string) => `Su compañía telefónica informó que el último mensaje de texto al ${masked} no se entregó.`,
    check: "Comprobar si se entregó",
    withdraw: "Dejar de usar mis datos en investigación",
    sendOrContinue: /^(Enviar código|Continuar)$/,
    confirmWithdrawal: "Confirmar el retiro",
    received: "Recibimos su solicitud de retiro",
    exome: /^Descargar su archivo del exoma \(VCF, [\d.,]+ (kB|MB)\)$/,
    notSms: "Este número no puede recibir mensajes de texto. Una llamada podría funcionar.",
    release: "Confirmar y entregar mi archivo",
    ready: "Su archivo está listo",
    useRecovery: "Usar un código de recuperación",
    recoveryIntro: "Introduzca uno de sus códigos de recuperación (como 7K3M9-Q2XPD). Cada código funciona una sola vez.",
    recoveryLabel: "Código de recuperación",
    recoveryWrong: "Este código de recuperación no es correcto o ya se usó. Pruebe otro de sus códigos.",
    recoveryNotForDownload: "Un código de recuperación no puede entregar sus datos genéticos sin procesar.",
    changePhone: "Cambiar el número de teléfono",
    confirm: "Confirmar",
    newPhone: "Número de teléfono nuevo",
    newPhoneRefused:
      "No pudimos enviar un mensaje de texto a este número: parece que no es un número de teléfono en servicio. Revíselo o introduzca otro número.",
    newPhoneIntro: /^Enviamos un código de 6 dígitos por mensaje de texto al .*\d{4}\. Introdúzcalo para confirmar el número nuevo\.$/,
    resend: "Reenviar código",
    checkAgain: "Comprobar si ya puedo pedir un código nuevo",
  },
} as const;
type Language = keyof typeof words;

const masked = (phone: string) => `(***) ***-${phone.slice(-4)}`;

/** Tells the local provider how to answer the next texts or calls to this number. */
async function script(to: string, ...answers: ScriptedAnswer[]) {
  const response = await fetch(`${twilioUrl}/__test/script`, { method: "POST", body: JSON.stringify({ to, answers }) });
  expect(response.ok).toBe(true);
}

async function signedInIn(
  page: Page,
  signedIn: (page: Page, person: TestParticipant) => Promise<TestParticipant>,
  person: TestParticipant,
  language: Language,
) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signedIn(page, person);
  await useLanguage(page.context(), language);
}

for (const language of ["en", "es"] as const) {
  const w = words[language];

  test(`password update, a STOP-ed number: the code step says the text could not be sent and offers a call (${language})`, async ({
    page,
    participant,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    const person = await participant("ada");
    await signedInIn(page, signedIn, person, language);
    await script(person.phone!, "21610");
    await page.goto("/profile/security");
    await whenHydrated(page);
    await page.getByRole("button", { name: w.updatePassword }).click();
    const area = withJs() ? page.getByRole("dialog", { name: w.dialog }) : page.getByRole("main");
    await area.getByRole("radio", { name: w.text }).check();
    await area.getByRole("button", { name: w.sendCode }).click();

    const problem = page.getByRole("alert").filter({ hasText: w.failed(masked(person.phone!)) });
    await expect(problem).toBeVisible();
    await expect(problem).toContainText(w.stop);
    await expectNoSeriousA11yViolations(page);

    // The page read again says the same (a reload without JavaScript, a revalidation with it).
    await page.reload();
    await expect(page.getByRole("alert").filter({ hasText: w.failed(masked(person.phone!)) })).toBeVisible();

    const marker = await outboxMarker(person.phone!);
    await page.getByRole("alert").getByRole("button", { name: w.call }).click();
    await expect(page.getByText(w.calling(masked(person.phone!)))).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: w.failed(masked(person.phone!)) })).toHaveCount(0);
    const [call] = await codesSince(person.phone!, marker);
    expect(call!.channel).toBe("voice");
    await page.getByLabel(w.code).fill(call!.code);
    await page.getByRole("button", { name: w.verify }).click();
    await expect(page.getByLabel(w.newPassword, { exact: true })).toBeVisible();
  });

  test(`sign-in method change, a text reported undelivered: the code step and 'Didn't get a code?' say so (${language})`, async ({
    page,
    participant,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    const person = await participant("ada");
    await signedInIn(page, signedIn, person, language);
    await script(person.phone!, "undelivered");
    await page.goto("/profile/security");
    await whenHydrated(page);
    await page.getByRole("region", { name: w.methods }).getByRole("button", { name: w.setUpApp }).click();
    await page.getByRole("radio", { name: w.textTo }).check();
    await page.getByRole("button", { name: w.continue }).click();
    await expect(page.getByLabel(w.code)).toBeVisible();

    const problem = page.getByRole("alert").filter({ hasText: w.undelivered(masked(person.phone!)) });
    // The provider's report comes a moment after the text was handed over: the participant looks again, as 'Didn't get a code?' offers.
    await expect(async () => {
      if (await problem.isVisible()) return;
      const help = page.locator("details").filter({ hasText: w.help });
      if ((await help.getAttribute("open")) === null) await help.getByText(w.help).click();
      await help.getByRole("link", { name: w.check }).click();
      await expect(problem).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(problem.getByRole("button", { name: w.call })).toBeVisible();
    const help = page.locator("details").filter({ hasText: w.help });
    if ((await help.getAttribute("open")) === null) await help.getByText(w.help).click();
    await expect(help.getByText(w.helpUndelivered(masked(person.phone!)))).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test(`withdrawal, an invalid number: the code step says so and offers the app, not a call (${language})`, async ({
    page,
    participant,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    const person = await participant("tara.totp", { results: { dataExports: [] } });
    await signedInIn(page, signedIn, person, language);
    await script(person.phone!, "21211");
    await page.goto("/profile/studies/withdraw");
    await page.getByRole("radio", { name: new RegExp(w.withdraw) }).check();
    await page.getByRole("radio", { name: w.text }).check();
    await page.getByRole("button", { name: w.sendOrContinue }).click();

    const problem = page.getByRole("alert").filter({ hasText: w.failed(masked(person.phone!)) });
    await expect(problem).toBeVisible();
    await expect(problem).toContainText(w.invalid);
    await expect(problem.getByRole("button", { name: w.call })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await problem.getByRole("button", { name: w.app }).click();
    await expect(page.getByText(w.appIntro)).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByLabel(w.code).fill(totpCode(person.totpSecret!));
    await page.getByRole("button", { name: w.confirmWithdrawal }).click();
    await expect(page.getByRole("heading", { level: 1, name: w.received })).toBeVisible();
  });

  test(`raw data download, a landline: the code step says it takes no texts and offers a call, which releases the file (${language})`, async ({
    page,
    participant,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    const person = await participant("ada");
    await signedInIn(page, signedIn, person, language);
    await script(person.phone!, "21614");
    await page.goto("/");
    await page.getByRole("button", { name: w.exome }).click();
    await page.getByRole("radio", { name: w.text }).check();
    await page.getByRole("button", { name: w.continue }).click();

    const problem = page.getByRole("alert").filter({ hasText: w.failed(masked(person.phone!)) });
    await expect(problem).toBeVisible();
    await expect(problem).toContainText(w.notSms);
    await expectNoSeriousA11yViolations(page);
    const marker = await outboxMarker(person.phone!);
    await problem.getByRole("button", { name: w.call }).click();
    await expect(page.getByText(w.calling(masked(person.phone!)))).toBeVisible();
    const [call] = await codesSince(person.phone!, marker);
    await page.getByLabel(w.code).fill(call!.code);
    await page.getByRole("button", { name: w.release }).click();
    await expect(page.getByRole("heading", { level: 2, name: w.ready })).toBeVisible();
  });

  /** 'Change phone number' on Login & Security, confirmed with a text to the current phone: the new-number step. */
  async function openNewNumberStep(page: Page, person: TestParticipant) {
    await page.goto("/profile/security");
    await whenHydrated(page);
    await page.getByRole("region", { name: w.methods }).getByRole("button", { name: w.changePhone }).click();
    await page.getByRole("radio", { name: w.textTo }).check();
    const marker = await outboxMarker(person.phone!);
    await page.getByRole("button", { name: w.continue }).click();
    const [fresh] = await codesSince(person.phone!, marker);
    await page.getByLabel(w.code).fill(fresh!.code);
    await page.getByRole("button", { name: w.confirm, exact: true }).click();
  }
  /** A number of this participant's own (its phone with another last digit), so no other test scripts it. */
  const near = (person: TestParticipant, step: number) => `${person.phone!.slice(0, -1)}${(Number(person.phone!.slice(-1)) + step) % 10}`;
  const local = (phone: string) => `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(-4)}`;

  test(`phone change, a new number the provider calls invalid: the new-number step says so and keeps what was typed (${language})`, async ({
    page,
    participant,
    signedIn,
  }) => {
    test.setTimeout(120_000);
    const person = await participant("greta");
    const [wrong, right] = [near(person, 3), near(person, 6)];
    await signedInIn(page, signedIn, person, language);
    await script(wrong, "21211");
    await openNewNumberStep(page, person);

    await page.getByLabel(w.newPhone).fill(local(wrong));
    await page.getByRole("button", { name: w.sendCode }).click();
    // The refusal is the number field's error, on the same step, with the number as typed.
    await expect(page.getByText(w.newPhoneRefused).first()).toBeVisible();
    await expect(page.getByLabel(w.newPhone)).toHaveAccessibleDescription(new RegExp(w.newPhoneRefused.slice(0, 30)));
    await expect(page.getByLabel(w.newPhone)).toHaveValue(local(wrong));
    await expect(page.getByLabel(w.newPhone)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(w.code)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Corrected, the code goes to the right number.
    await page.getByLabel(w.newPhone).fill(local(right));
    const rightMarker = await outboxMarker(right);
    await page.getByRole("button", { name: w.sendCode }).click();
    await expect(page.getByText(w.newPhoneIntro)).toBeVisible();
    const [toRight] = await codesSince(right, rightMarker);
    expect(toRight!.code).toMatch(/^\d{6}$/);
  });

  test(`phone change, a resend the provider refuses: back on the new-number step with the reason and the number kept (${language})`, async ({
    page,
    participant,
    signedIn,
  }) => {
    test.setTimeout(120_000);
    const person = await participant("greta");
    const refusedLater = near(person, 4);
    await signedInIn(page, signedIn, person, language);
    await openNewNumberStep(page, person);
    await page.getByLabel(w.newPhone).fill(local(refusedLater));
    await page.getByRole("button", { name: w.sendCode }).click();
    await expect(page.getByText(w.newPhoneIntro)).toBeVisible();

    // The first code went out; the provider refuses the number when the participant asks again.
    await script(refusedLater, "21211");
    const resend = page.getByRole("button", { name: w.resend });
    await waitForResendUnlock(page, resend, w.checkAgain);
    await resend.click();
    await expect(page.getByLabel(w.newPhone)).toHaveAccessibleDescription(new RegExp(w.newPhoneRefused.slice(0, 30)));
    await expect(page.getByLabel(w.newPhone)).toHaveValue(local(refusedLater));
    await expect(page.getByLabel(w.newPhone)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(w.code)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test(`withdrawal, a STOP-ed number: the code step offers a recovery code, which confirms it once (${language})`, async ({
    page,
    participant,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    const person = await participant("ada", { recoveryCodes: ["5JF7T-C6YHF", "3ZQ4T-KMUXV"], results: { dataExports: [] } });
    await signedInIn(page, signedIn, person, language);
    await script(person.phone!, "21610");
    await page.goto("/profile/studies/withdraw");
    await page.getByRole("radio", { name: new RegExp(w.withdraw) }).check();
    await page.getByRole("radio", { name: w.text }).check();
    await page.getByRole("button", { name: w.sendOrContinue }).click();

    const problem = page.getByRole("alert").filter({ hasText: w.failed(masked(person.phone!)) });
    await expect(problem).toBeVisible();
    await problem.getByRole("button", { name: w.useRecovery }).click();
    await expect(page.getByText(w.recoveryIntro)).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // A code that is not theirs is the field's error; one of theirs (as typed, lower case) confirms.
    await page.getByLabel(w.recoveryLabel).fill("AAAAA-BBBBB");
    await page.getByRole("button", { name: w.confirmWithdrawal }).click();
    await expect(page.getByText(w.recoveryWrong).first()).toBeVisible();
    await page.getByLabel(w.recoveryLabel).fill(person.recoveryCodes![0]!.toLowerCase());
    await page.getByRole("button", { name: w.confirmWithdrawal }).click();
    await expect(page.getByRole("heading", { level: 1, name: w.received })).toBeVisible();
  });

  test(`raw data download, a STOP-ed number: a recovery code is not offered, and the step says why (${language})`, async ({
    page,
    participant,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    const person = await participant("ada", { recoveryCodes: ["5JF7T-C6YHF"] });
    await signedInIn(page, signedIn, person, language);
    await script(person.phone!, "21610");
    await page.goto("/");
    await page.getByRole("button", { name: w.exome }).click();
    await page.getByRole("radio", { name: w.text }).check();
    await page.getByRole("button", { name: w.continue }).click();

    const problem = page.getByRole("alert").filter({ hasText: w.failed(masked(person.phone!)) });
    await expect(problem).toBeVisible();
    await expect(problem).toContainText(w.recoveryNotForDownload);
    await expect(problem.getByRole("button", { name: w.useRecovery })).toHaveCount(0);
    await expect(problem.getByRole("button", { name: w.call })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test(`password update and a sign-in method change, a STOP-ed number: a recovery code opens each (${language})`, async ({
    page,
    participant,
    signedIn,
  }) => {
    test.setTimeout(120_000);
    const person = await participant("ada", { recoveryCodes: ["5JF7T-C6YHF", "3ZQ4T-KMUXV"] });
    await signedInIn(page, signedIn, person, language);
    await script(person.phone!, "21610", "21610");
    await page.goto("/profile/security");
    await whenHydrated(page);
    await page.getByRole("button", { name: w.updatePassword }).click();
    const area = withJs() ? page.getByRole("dialog", { name: w.dialog }) : page.getByRole("main");
    await area.getByRole("radio", { name: w.text }).check();
    await area.getByRole("button", { name: w.sendCode }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: w.failed(masked(person.phone!)) })
      .getByRole("button", { name: w.useRecovery })
      .click();
    await expect(page.getByText(w.recoveryIntro)).toBeVisible();
    await page.getByLabel(w.recoveryLabel).fill(person.recoveryCodes![0]!);
    await page.getByRole("button", { name: w.verify }).click();
    await expect(page.getByLabel(w.newPassword, { exact: true })).toBeVisible();

    // The sign-in methods take the other code; the one spent is refused.
    await page.goto("/profile/security");
    await whenHydrated(page);
    await page.getByRole("region", { name: w.methods }).getByRole("button", { name: w.setUpApp }).click();
    await page.getByRole("radio", { name: w.textTo }).check();
    await page.getByRole("button", { name: w.continue }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: w.failed(masked(person.phone!)) })
      .getByRole("button", { name: w.useRecovery })
      .click();
    await expect(page.getByText(w.recoveryIntro)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel(w.recoveryLabel).fill(person.recoveryCodes![0]!);
    await page.getByRole("button", { name: w.confirm, exact: true }).click();
    await expect(page.getByText(w.recoveryWrong).first()).toBeVisible();
    await page.getByLabel(w.recoveryLabel).fill(person.recoveryCodes![1]!);
    await page.getByRole("button", { name: w.confirm, exact: true }).click();
    await expect(page.getByRole("img", { name: /QR/ })).toBeVisible();
  });
}
