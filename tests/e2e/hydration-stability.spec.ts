import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";
import { withJs } from "./support/javascript-mode";
import { viewports } from "./support/matrix";

/**
 * A participant on a slow phone taps what the server drew before the page's script has run. Nothing
 * they can tap may move when the page hydrates, or the tap lands on something else (a control offered
 * only with JavaScript is drawn by the server where scripting is on, not added by the script).
 */
const pages = [
  "/",
  "/profile/overview",
  "/profile/security",
  "/profile/security/sessions",
  "/profile/studies",
  "/profile/studies/withdraw",
  "/profile/security/password",
  "/shares",
  "/accessibility",
];

/** Where each heading and control of the page's main content is, by its role and name. */
async function controlPositions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("main :is(h1, h2, h3, a, button, input:not([type=hidden]), select, textarea)")].map((element) => {
      const box = element.getBoundingClientRect();
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
      return `${element.tagName} ${name} @ ${Math.round(box.left)},${Math.round(box.top)}`;
    }),
  );
}

for (const viewport of viewports) {
  test(`at ${viewport.width}px nothing a participant can tap moves when a page hydrates`, async ({ page, participant, signedIn }) => {
    test.skip(!withJs(), "without JavaScript nothing hydrates");
    await page.setViewportSize(viewport);
    await signedIn(page, await participant("greta"));
    for (const path of pages) {
      // The page's script is held back until the server's page has been measured.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/assets/entry.client-*.js", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const drawnByServer = await controlPositions(page);
      release();
      await whenHydrated(page);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await controlPositions(page), path).toEqual(drawnByServer);
      await page.unrouteAll();
    }
  });
}

test("nothing on the hosted sign-in page moves when its scripts run", async ({ page }) => {
  test.skip(!withJs(), "without JavaScript no script runs");
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/webauthn-browser.js", async (route) => {
    await held;
    await route.continue();
  });
  // The held script blocks the page's load: wait for what it drew before it.
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  const drawnByServer = await controlPositions(page);
  release();
  const passkey = page.getByRole("button", { name: "Sign in with a passkey" });
  await expect(passkey).toBeVisible();
  await expect(passkey).toBeEnabled();
  expect(await controlPositions(page)).toEqual(drawnByServer);
});
