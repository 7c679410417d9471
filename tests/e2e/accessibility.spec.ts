import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { withJs } from "./support/javascript-mode";
import { outboxFor } from "./support/outbox";

/**
 * The accessibility statement: linked from the footer, open to everyone, and its form to report a
 * barrier (errors listed and kept, the reference shown, an acknowledgement e-mailed, a limit per address).
 */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

type Email = { channel: string; subject?: string };

test("a visitor who is not signed in reads the statement and reports a barrier", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const address = `reporter.${test.info().project.name}.${Date.now()}@example.test`;
  await page.goto("/accessibility");
  await expect(page.getByRole("heading", { level: 1, name: "Accessibility statement" })).toBeVisible();
  await expect(page).toHaveTitle(/^Accessibility statement \|/);
  await expect(page.getByText(/WCAG\) 2\.2 at level AA/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "What we test and how" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What does not meet the standard yet" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Accessibility statement" })).toHaveAttribute(
    "href",
    "/accessibility",
  );
  await expectNoSeriousA11yViolations(page);

  const form = page.getByRole("region", { name: "Report a barrier" });
  await form.getByRole("button", { name: "Send report" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: "Enter what happened" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Enter your email address" })).toBeVisible();
  await expect(page).toHaveTitle(/^Error: Accessibility statement/);
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel("Page or feature (optional)").fill("Sign-in");
  await form.getByLabel("What happened?").fill("Too short");
  await form.getByLabel("Your email address").fill("not an address");
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(summary.getByRole("link", { name: "Tell us a little more: at least 10 characters" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Enter an email address in the correct format, like name@example.com" })).toBeVisible();
  await expect(form.getByLabel("Page or feature (optional)")).toHaveValue("Sign-in");
  await expect(form.getByLabel("What happened?")).toHaveValue("Too short");

  const description = "The code field on the sign-in page is not announced by my screen reader.";
  await form.getByLabel("What happened?").fill(description);
  await form.getByLabel("Your email address").fill(address);
  await form.getByRole("button", { name: "Send report" }).click();
  const received = page.getByRole("status").filter({ hasText: /^Thank you\. We received your report BR-\d{4}-[A-Z0-9]{6}\./ });
  await expect(received).toBeVisible();
  await expect(received).toContainText("We sent a confirmation to the email address you gave.");
  const reference = /BR-\d{4}-[A-Z0-9]{6}/.exec((await received.textContent()) ?? "")?.[0];
  await expect
    .poll(async () => ((await outboxFor(address)) as unknown as Email[]).map((mail) => mail.subject))
    .toEqual([`We received your accessibility report ${reference}`]);
  await expectNoSeriousA11yViolations(page);

  // Two more for the same address are taken; a fourth in a day is refused, with what was typed kept.
  for (const attempt of [2, 3]) {
    await form.getByLabel("What happened?").fill(`${description} (${attempt})`);
    await form.getByLabel("Your email address").fill(address);
    await form.getByRole("button", { name: "Send report" }).click();
    await expect(page).toHaveURL(/reported=BR-/);
    await expect(page.getByRole("status").filter({ hasText: "We received your report" })).toBeVisible();
  }
  await form.getByLabel("What happened?").fill(`${description} (4)`);
  await form.getByLabel("Your email address").fill(address);
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You have sent several reports in a short time." })).toBeVisible();
  await expect(form.getByLabel("What happened?")).toHaveValue(`${description} (4)`);
  await expect(form.getByLabel("Your email address")).toHaveValue(address);
  expect(await outboxFor(address)).toHaveLength(3);
  await expectNoSeriousA11yViolations(page);
});

test("a participant finds it from the footer, in Spanish on a phone, with her address filled in", async ({ page, reader, signedIn }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const ada = await signedIn(page, await reader("ada"));
  await page.goto("/profile/overview?lang=es");
  await page.getByRole("contentinfo").getByRole("link", { name: "Declaración de accesibilidad" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Declaración de accesibilidad" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Ada Maren Testwell");
  const form = page.getByRole("region", { name: "Informar de una barrera" });
  await expect(form.getByLabel("Su correo electrónico")).toHaveValue(ada.email);
  await expectNoSeriousA11yViolations(page);
  await expectNoSideways(page);

  await form.getByLabel("¿Qué pasó?").fill("Corto");
  await form.getByRole("button", { name: "Enviar reporte" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Hay un problema" });
  await expect(summary.getByRole("link", { name: "Cuéntenos un poco más: al menos 10 caracteres" })).toBeVisible();
  await expect(form.getByLabel("¿Qué pasó?")).toHaveValue("Corto");
  if (!withJs()) await expect(page).toHaveTitle(/^Error: Declaración de accesibilidad/);
  await expectNoSeriousA11yViolations(page);
  await expectNoSideways(page);
});

for (const [language, words] of [
  [
    "en",
    {
      tested: "What we test and how",
      known: "What does not meet the standard yet",
      tagged: "Every PDF the portal gives you",
      untagged: "not fully tagged",
    },
  ],
  [
    "es",
    {
      tested: "Qué probamos y cómo",
      known: "Qué aún no cumple la norma",
      tagged: "Cada PDF que le da el portal",
      untagged: "no están completamente etiquetados",
    },
  ],
] as const) {
  test(`the statement says every PDF is tagged, and lists none as falling short (${language})`, async ({ page }) => {
    await page.goto(`/accessibility?lang=${language}`);
    const tested = page.getByRole("region", { name: words.tested });
    const known = page.getByRole("region", { name: words.known });
    await expect(tested).toContainText(words.tagged);
    await expect(known).toBeVisible();
    await expect(known).not.toContainText("PDF");
    await expect(page.getByText(words.untagged)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
}
