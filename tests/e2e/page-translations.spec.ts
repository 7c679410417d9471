import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";
import { withJs } from "./support/javascript-mode";

/**
 * A page's translations are files of their own (app/i18n/catalogs.ts): a page reached by a link,
 * which needs a namespace the page before did not, is shown in the participant's language, and
 * still opens when its files cannot be downloaded.
 */

async function openProfileFromTheMenu(page: Page) {
  await page.getByLabel(/^Menú de la cuenta de /).click();
  await page.getByRole("link", { name: "Resumen del perfil" }).click();
  await expect(page).toHaveURL(/\/profile\/overview$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Información personal");
  await expect(page).toHaveTitle(/^Mi cuenta/);
  await expectNoSeriousA11yViolations(page);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
});

test("a page reached by a link is shown in the participant's language", async ({ page, reader, signedIn }) => {
  await signedIn(page, await reader("ada"));
  await page.goto("/?lang=es");
  await whenHydrated(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await openProfileFromTheMenu(page);
  // With JavaScript the page was rendered in the browser, after its catalogs arrived.
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(withJs());
});

test("a page whose translations cannot be downloaded opens as a whole page from the server", async ({ page, reader, signedIn }) => {
  await signedIn(page, await reader("ada"));
  await page.goto("/?lang=es");
  await whenHydrated(page);
  await page.route("**/assets/profile-*.json", (route) => route.abort());
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await openProfileFromTheMenu(page);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
});
