import { expect as playwrightExpect, type Page } from "@playwright/test";
import type { ScriptedAnswer } from "../support/twilio-api";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test, type TestParticipant } from "./support/fixtures";
import { portalUrl, twilioTestAccount, twilioUrl } from "./support/stack";

/**
 * Codes reach phones through the text provider's SDK (the stack sends to the local Twilio API,
 * tests/support/twilio-api.ts), and a participant whose text does not arrive learns it on the code
 * page, in their language, with a way on: a STOP-ed number, an invalid number, a text the provider
 * reports undelivered. Run with JavaScript on and off (the projects), in English and Spanish.
 */
const words = {
  en: {
    language: null,
    email: "Email address",
    password: "Password",
    signIn: "Sign in",
    text: "Text Message",
    send: /^(Send code|Continue)$/,
    enterCode: "Enter the code",
    code: "Authentication code",
    verify: "Verify",
    failed: (masked: string) => `We could not send a text to ${masked}.`,
    undelivered: (masked: string) => `Your phone company reported that the text to ${masked} was not delivered.`,
    stop: "it replied STOP",
    invalid: "This does not seem to be a working phone number.",
    call: "Call me with a code instead",
    app: "Use my authenticator app",
    recovery: "Use a recovery code",
    help: "Didn't get a code?",
    helpUndelivered: (masked: string) => `Your phone company reported that the last text to ${masked} was not delivered.`,
    check: "Check whether it was delivered",
    calling: (masked: string) => `We are calling ${masked} with a 5-digit code.`,
  },
  es: {
    language: "Change language to Español",
    email: "Correo electrónico",
    password: "Contraseña",
    signIn: "Iniciar sesión",
    text: "Mensaje de texto",
    send: /^(Enviar código|Continuar)$/,
    enterCode: "Introduzca el código",
    code: "Código de autenticación",
    verify: "Verificar",
    failed: (masked: string) => `No pudimos enviar un mensaje de texto al ${masked}.`,
    undelivered: (masked: string) => `Su compañía telefónica informó que el mensaje de texto al ${masked} no se entregó.`,
    stop: "respondió STOP",
    invalid: "Parece que este no es un número de teléfono en servicio.",
    call: "Llámenme con un código",
    app: "Usar mi aplicación de autenticación",
    recovery: "Usar un código de recuperación",
    help: "¿No recibió un código?",
    helpUndelivered: (masked: string) => `Su compañía telefónica informó que el último mensaje de texto al ${masked} no se entregó.`,
    check: "Comprobar si se entregó",
    calling: (masked: string) => `Estamos llamando a ${masked} con un código de 5 dígitos.`,
  },
} as const;
type Language = keyof typeof words;

const masked = (phone: string) => `(***) ***-${phone.slice(-4)}`;

type ProviderRequest = { path: string; headers: Record<string, string>; form: Record<string, string>; status: number };

/** Tells the local provider how to answer the next request for this number. */
async function script(to: string, ...answers: ScriptedAnswer[]) {
  const response = await fetch(`${twilioUrl}/__test/script`, { method: "POST", body: JSON.stringify({ to, answers }) });
  playwrightExpect(response.ok).toBe(true);
}

/** What the provider's API received for this number, oldest first. */
async function providerRequests(to: string): Promise<ProviderRequest[]> {
  const response = await fetch(`${twilioUrl}/__test/requests?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { requests: ProviderRequest[] }).requests;
}

/** The code in the last text or call the provider accepted for this number, as the phone would show or say it. */
async function codeAtTheProvider(to: string, channel: "sms" | "voice"): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const accepted = (await providerRequests(to)).filter(
        (each) => each.status === 201 && each.path.endsWith(channel === "sms" ? "/Messages.json" : "/Calls.json"),
      );
      const last = accepted.at(-1);
      if (!last) return "";
      code =
        channel === "sms"
          ? (/(?:code is|codigo es) (\d{6})\./.exec(last.form.Body ?? "")?.[1] ?? "")
          : (/: ((?:\d, ){4}\d)\./.exec(last.form.Twiml ?? "")?.[1]?.replace(/, /g, "") ?? "");
      return code;
    })
    .not.toBe("");
  return code;
}

/** From the portal to the hosted code page: identify, then ask for a text. */
async function askForText(page: Page, person: TestParticipant, language: Language) {
  const w = words[language];
  await page.goto("/");
  await expect(page.getByRole("heading", { name: words.en.signIn, level: 1 })).toBeVisible();
  if (w.language) {
    await page.getByRole("button", { name: w.language }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  }
  await page.getByLabel(w.email).fill(person.email);
  await page.getByLabel(w.password, { exact: true }).fill(person.password);
  await page.getByRole("button", { name: w.signIn, exact: true }).click();
  await page.getByRole("radio", { name: w.text }).check();
  await page.getByRole("button", { name: w.send }).click();
  await expect(page.getByRole("heading", { name: w.enterCode })).toBeVisible();
}

async function enterCode(page: Page, language: Language, code: string) {
  const w = words[language];
  await page.getByLabel(w.code).fill(code);
  await page.getByRole("button", { name: w.verify }).click();
  await page.waitForURL((url) => url.toString().startsWith(portalUrl));
}

for (const language of ["en", "es"] as const) {
  const w = words[language];

  test(`a texted code reaches the provider through its SDK and signs the participant in (${language})`, async ({ page, participant }) => {
    const person = await participant("ada");
    await askForText(page, person, language);
    const code = await codeAtTheProvider(person.phone!, "sms");
    const [request] = await providerRequests(person.phone!);
    expect(request!.path).toBe(`/2010-04-01/Accounts/${twilioTestAccount.accountSid}/Messages.json`);
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${twilioTestAccount.accountSid}:${twilioTestAccount.authToken}`).toString("base64")}`,
    );
    expect(request!.form.From).toBe(twilioTestAccount.fromNumber);
    expect(request!.headers["i-twilio-idempotency-token"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(request!.form.Body).toContain(language === "es" ? "su codigo es" : "your code is");
    await enterCode(page, language, code);
  });

  test(`a STOP-ed number: the code page says the text could not be sent and offers a call, which signs them in (${language})`, async ({
    page,
    participant,
  }) => {
    const person = await participant("ada");
    await script(person.phone!, "21610");
    await askForText(page, person, language);
    const problem = page.getByRole("alert").filter({ hasText: w.failed(masked(person.phone!)) });
    await expect(problem).toBeVisible();
    await expect(problem).toContainText(w.stop);
    await expectNoSeriousA11yViolations(page);
    await problem.getByRole("button", { name: w.call }).click();
    await expect(page.getByText(w.calling(masked(person.phone!)))).toBeVisible();
    await enterCode(page, language, await codeAtTheProvider(person.phone!, "voice"));
  });

  test(`an invalid number: the code page says so and offers the participant's app and recovery codes, not a call (${language})`, async ({
    page,
    participant,
  }) => {
    const person = await participant("tara.totp");
    await script(person.phone!, "21211");
    await askForText(page, person, language);
    const problem = page.getByRole("alert").filter({ hasText: w.failed(masked(person.phone!)) });
    await expect(problem).toBeVisible();
    await expect(problem).toContainText(w.invalid);
    await expect(problem.getByRole("button", { name: w.app })).toBeVisible();
    await expect(problem.getByRole("button", { name: w.call })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await problem.getByRole("button", { name: w.app }).click();
    await expect(page.getByRole("heading", { name: w.enterCode })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test(`a text the provider reports undelivered: 'Didn't get a code?' and the page say so, with the other ways (${language})`, async ({
    page,
    participant,
  }) => {
    const person = await participant("rory.recovery");
    await script(person.phone!, "undelivered");
    await askForText(page, person, language);
    const problem = page.getByRole("alert").filter({ hasText: w.undelivered(masked(person.phone!)) });
    // The provider's report comes a moment after the text was handed over: the participant looks again, as 'Didn't get a code?' offers.
    await expect(async () => {
      if (await problem.isVisible()) return;
      const help = page.locator("details").filter({ hasText: w.help });
      if (!(await help.getAttribute("open"))) await help.getByText(w.help).click();
      await help.getByRole("link", { name: w.check }).click();
      await expect(problem).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(problem.getByRole("button", { name: w.call })).toBeVisible();
    await expect(problem.getByRole("link", { name: w.recovery })).toBeVisible();
    await expect(page.locator("details[open]").getByText(w.helpUndelivered(masked(person.phone!)))).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
