import { expect, type Page, type Response } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { test } from "./support/fixtures";
import { withJs } from "./support/javascript-mode";
import { useLanguage } from "./support/language";
import { codesSince, outboxFor, outboxMarker } from "./support/outbox";
import { identify } from "./support/sign-in";
import { identityUrl, portalUrl } from "./support/stack";

/**
 * The steps of the hosted sign-in after its first page: a refused form is answered with a redirect to
 * the page that shows the error (a reload posts nothing again), and every step offers 'Cancel', which
 * ends the sign-in and shows the portal's calm signed-out page in the participant's language.
 */

/** The POST a click sends, and the answer it gets: a redirect (303) when the form is answered the post-redirect-get way. */
async function postAnswer(page: Page, click: () => Promise<void>): Promise<Response> {
  const answer = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.request().resourceType() === "document",
  );
  await click();
  return answer;
}

/** Reloads the page and says how the browser asked for it again. */
async function reloadMethod(page: Page): Promise<string> {
  const reloaded = await page.reload();
  return reloaded?.request().method() ?? "";
}

test("the phone page answers a refused number with a redirect: a reload shows the error and what was typed, and sends nothing", async ({
  page,
  participant,
}) => {
  const felix = await participant("felix");
  await page.goto("/");
  await identify(page, felix);
  await expect(page.getByRole("heading", { name: "Add a phone number", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const phone = page.getByLabel("Phone number for two-factor authentication");
  await phone.fill("12345");
  const answer = await postAnswer(page, () => page.getByRole("button", { name: "Send code" }).click());
  expect(answer.status()).toBe(303);
  const error = page.getByRole("link", { name: "Enter a phone number like 555 555 0101 or +15555550101" });
  await expect(error).toBeVisible();
  expect(await reloadMethod(page)).toBe("GET");
  await expect(error).toBeVisible();
  await expect(phone).toHaveValue("12345");
  await expectNoSeriousA11yViolations(page);
});

test("the method page answers 'too soon' with a redirect: a reload shows the wait and sends no second code", async ({
  page,
  participant,
}) => {
  const ada = await participant("ada");
  await page.goto("/");
  await identify(page, ada);
  await expect(page.getByRole("heading", { name: "Verify it's you", level: 1 })).toBeVisible();
  await page.getByRole("radio", { name: "Text Message" }).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("heading", { name: "Enter the code", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Choose another way to receive the code" }).click();
  await expect(page.getByRole("heading", { name: "Verify it's you", level: 1 })).toBeVisible();
  const marker = await outboxMarker(ada.phone!);
  await page.getByRole("radio", { name: "Voice Call" }).check();
  const answer = await postAnswer(page, () => page.getByRole("button", { name: "Send code" }).click());
  expect(answer.status()).toBe(303);
  const wait = page.getByRole("status").filter({ hasText: /^You can ask for a new code in \d+ seconds\.$/ });
  await expect(wait).toBeVisible();
  expect(await reloadMethod(page)).toBe("GET");
  await expect(wait).toBeVisible();
  await expect(page.getByRole("radio", { name: "Voice Call" })).toBeChecked();
  expect((await outboxFor(ada.phone!)).filter((message) => !marker.has(String(message.id)))).toEqual([]);
});

test("the recovery e-mail page answers a malformed address with a redirect: a reload shows the error and the address", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password", level: 1 })).toBeVisible();
  const email = page.getByLabel("Email address");
  await email.fill("not-an-address");
  const answer = await postAnswer(page, () => page.getByRole("button", { name: "Continue" }).click());
  expect(answer.status()).toBe(303);
  const error = page.getByRole("link", { name: "Enter an email address in the correct format, like name@example.com" });
  await expect(error).toBeVisible();
  expect(await reloadMethod(page)).toBe("GET");
  await expect(error).toBeVisible();
  await expect(email).toHaveValue("not-an-address");
});

const signedOut = {
  en: {
    heading: "You are not signed in",
    cancel: "Cancel",
    signIn: "Sign in",
    createAccount: "Create an account",
    forgot: "Forgot password?",
    email: "Email address",
    password: "Password",
  },
  es: {
    heading: "No ha iniciado sesión",
    cancel: "Cancelar",
    signIn: "Iniciar sesión",
    createAccount: "Crear una cuenta",
    forgot: "¿Olvidó su contraseña?",
    email: "Correo electrónico",
    password: "Contraseña",
  },
} as const;

/** 'Cancel' ends the sign-in: the portal's signed-out page, axe-clean, and its way back in starts a new sign-in. */
async function cancelFromHere(page: Page, language: "en" | "es") {
  const w = signedOut[language];
  await page.getByRole("button", { name: w.cancel, exact: true }).click();
  await expect(page.getByRole("heading", { name: w.heading, level: 1 })).toBeVisible();
  expect(page.url()).toBe(`${portalUrl}/auth/signed-out?reason=cancelled`);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page).toHaveTitle(new RegExp(`^${w.heading} \\|`));
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("main").getByRole("link", { name: w.signIn, exact: true }).click();
  await expect(page.getByRole("heading", { name: w.signIn, level: 1 })).toBeVisible();
}

async function identifyIn(page: Page, language: "en" | "es", person: { email: string; password: string }) {
  const w = signedOut[language];
  await page.getByLabel(w.email).fill(person.email);
  await page.getByLabel(w.password, { exact: true }).fill(person.password);
  await page.getByRole("button", { name: w.signIn, exact: true }).click();
}

test("'Cancel' on each step after the first page goes back to the portal signed out, in the participant's language", async ({
  page,
  context,
  participant,
}) => {
  const language = withJs() ? "en" : "es";
  const w = signedOut[language];
  await useLanguage(context, language);
  const ada = await participant("ada");

  await page.goto("/");
  await expect(page.getByRole("heading", { name: w.signIn, level: 1 })).toBeVisible();
  await page.getByRole("link", { name: w.createAccount }).click();
  await cancelFromHere(page, language);

  await page.getByRole("link", { name: w.forgot }).click();
  await cancelFromHere(page, language);

  await identifyIn(page, language, ada);
  await expect(page.getByRole("radio").first()).toBeVisible();
  await cancelFromHere(page, language);

  await identifyIn(page, language, ada);
  await page.getByRole("radio").first().check();
  await page
    .getByRole("button")
    .filter({ hasText: /^(Send code|Enviar código)$/ })
    .click();
  await expect(page.getByRole("textbox").first()).toBeVisible();
  await cancelFromHere(page, language);
});

test("a wrong code on the code page is refused with its error, on the same step", async ({ page, participant }) => {
  const ada = await participant("ada");
  await page.goto("/");
  await identify(page, ada);
  await page.getByRole("radio", { name: "Text Message" }).check();
  const marker = await outboxMarker(ada.phone!);
  await page.getByRole("button", { name: "Send code" }).click();
  const [sent] = await codesSince(ada.phone!, marker);
  await page.getByLabel("Authentication code").fill(sent!.code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByRole("link", { name: "The code entered is not correct, please try again or resend a code" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Enter the code", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("'Create account' sent empty says what each field needs", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByRole("button", { name: "Create account" }).click();
  for (const error of ["Enter your email address", "Enter your first name", "Enter your last name", "Enter a password"])
    await expect(page.getByRole("link", { name: error, exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Create an account", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a sign-in step whose sign-in is gone says it has expired and leads back to the portal's sign-in", async ({ page }) => {
  const response = await page.goto(`${identityUrl}/interaction/no-such-interaction`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "This sign-in has expired", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Return to the portal" }).click();
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
});

test("a new account made through 'Create an account' lands on the page that says what comes next", async ({ page }) => {
  const run = `${Date.now()}.${withJs() ? "js" : "nojs"}`;
  const email = `new.participant.${run}@example.test`;
  const phone = `+15557${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
  const password = `Fresh-passphrase-${run}`;

  await page.goto("/");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Create an account", level: 1 })).toBeVisible();
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("First name").fill("Noa");
  await page.getByLabel("Last name").fill("Newcomer");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  const mailMarker = await outboxMarker(email);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByRole("heading", { name: "Check your email", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const [mail] = await codesSince(email, mailMarker);
  await page.getByLabel("Verification code").fill(mail!.code);
  await page.getByRole("button", { name: "Verify", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Add a phone number", level: 1 })).toBeVisible();
  await page.getByLabel("Phone number for two-factor authentication").fill(phone);
  const textMarker = await outboxMarker(phone);
  const sendCode = page.getByRole("button", { name: "Send code" });
  await sendCode.click();
  // A new number may first ask for the security check: with JavaScript it solves itself, without it is a short stated wait.
  const codePage = page.getByRole("heading", { name: "Enter the code", level: 1 });
  await expect(async () => {
    if (!(await codePage.isVisible())) await sendCode.click();
    await expect(codePage).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const [text] = await codesSince(phone, textMarker);
  await page.getByLabel("Authentication code").fill(text!.code);
  await page.getByRole("button", { name: "Verify", exact: true }).click();

  await page.waitForURL((url) => url.toString().startsWith(portalUrl));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("My Results");
  await expect(main.getByRole("heading", { level: 2, name: "What happens next" })).toBeVisible();
  await expect(main.getByRole("link", { name: "register your kit" })).toBeVisible();
  await expect(page.getByText("Oh no! There was an unexpected error on our side.")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
