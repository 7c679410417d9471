import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { totpCode } from "../support/totp-codes";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { withJs } from "./support/javascript-mode";
import { codesSince, outboxMarker } from "./support/outbox";

/**
 * Raw genetic data, the exome file and the download of everything, is released only after a fresh
 * second factor, and then by a link that works once: the same with JavaScript and without, in English
 * and in Spanish.
 */

const EXOME_BUTTON = /^Download your exome file \(VCF, [\d.]+ (kB|MB)\)$/;

/** A text message: its code from the outbox, typed and confirmed (a wrong one first, which is an error on the field). */
async function confirmByText(
  page: Page,
  phone: string,
  labels: { method: string; send: string; code: string; confirm: string; wrong: RegExp },
) {
  await page.getByRole("radio", { name: labels.method }).check();
  const marker = await outboxMarker(phone);
  await page.getByRole("button", { name: labels.send }).click();
  const [sent] = await codesSince(phone, marker);
  await page.getByLabel(labels.code).fill(sent!.code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: labels.confirm }).click();
  await expect(page.getByText(labels.wrong).first()).toBeVisible();
  await page.getByLabel(labels.code).fill(sent!.code);
  await page.getByRole("button", { name: labels.confirm }).click();
}

const english = {
  method: "Text Message",
  send: "Continue",
  code: "Authentication code",
  confirm: "Confirm and release my file",
  wrong: /The code entered is not correct/,
};

test.describe("raw genetic data needs a fresh code", () => {
  test("the exome file: a code, then a link that works once", async ({ page, participant, signedIn }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const person = await signedIn(page, await participant("ada"));
    await page.getByRole("button", { name: EXOME_BUTTON }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Download your raw genetic data" })).toBeVisible();
    await expect(page).toHaveTitle(/^Download your raw genetic data: confirm it's you/);
    await expect(page.getByText("holds your raw genetic data")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await confirmByText(page, person.phone!, english);
    await expect(page.getByRole("heading", { level: 2, name: "Your file is ready" })).toBeVisible();
    await expect(page).toHaveTitle(/^Download your raw genetic data: your file is ready/);
    await expect(page.getByText("This link works once, within 15 minutes.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const link = page.getByRole("link", { name: EXOME_BUTTON });
    const [saved] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(saved.suggestedFilename()).toMatch(/-exome\.vcf$/);
    expect((await readFile((await saved.path())!, "utf8")).startsWith("##fileformat=VCFv4.2")).toBe(true);

    // The same link again opens nothing.
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: "This download link has been used" })).toBeVisible();
  });

  test("in Spanish on a phone, with the authenticator app", async ({ page, participant, signedIn }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 812 });
    const person = await signedIn(page, await participant("ada", { totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" }), {
      path: "/?lang=es",
    });
    await page.getByRole("button", { name: /^Descargar su archivo del exoma/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Descargar sus datos genéticos sin procesar" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Aplicación de autenticación" })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByLabel("Código de autenticación").fill(totpCode(person.totpSecret!));
    await page.getByRole("button", { name: "Confirmar y entregar mi archivo" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Su archivo está listo" })).toBeVisible();
    await expect(page.getByText("Este enlace funciona una sola vez, dentro de 15 minutos.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const [saved] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /^Descargar su archivo del exoma/ }).click(),
    ]);
    expect(saved.suggestedFilename()).toMatch(/-exome\.vcf$/);
  });

  test("the download of everything: a code, then a link that works once", async ({ page, participant, signedIn }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const person = await signedIn(page, await participant("ada"), { path: "/profile/overview" });
    const card = page.getByRole("region", { name: "Download all your data" });
    await card
      .getByRole("link", { name: /^Download ZIP \(/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Download your raw genetic data" })).toBeVisible();
    await expect(page.getByText("The download of all your data holds your raw genetic data")).toBeVisible();

    await confirmByText(page, person.phone!, english);
    await expect(page.getByText("This link works once, within 4 minutes.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const link = page.getByRole("link", { name: /^Download ZIP \(/ });
    const [saved] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(saved.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);

    // Followed again, the link asks for a code again and says why.
    await link.click();
    await expect(page.getByText("That download link was used or has expired.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Text Message" })).toBeVisible();
    if (withJs()) await expectNoSeriousA11yViolations(page);
  });

  test("cancelling releases nothing and goes back", async ({ page, participant, signedIn }) => {
    await signedIn(page, await participant("ada"));
    await page.getByRole("button", { name: EXOME_BUTTON }).click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My Results" })).toBeVisible();
  });
});
