import { expect, test, type Page } from "@playwright/test";
import { PAGE_ENHANCED_ATTRIBUTE } from "../../../app/components/use-hydrated";

/**
 * With JavaScript, resolves once React Router has hydrated the page (its router initialised), so a
 * test acts on the elements the user keeps; without JavaScript, or on a page sent without scripts,
 * at once (nothing hydrates). The page's script is only asked for after its first paint.
 */
export async function whenHydrated(page: Page): Promise<void> {
  if (test.info().project.name !== "js") return;
  // The router is ready before React has taken the page over: wait for React's own mark on the page's
  // main content too (set when hydration claims the element).
  // A page sent without React Router's scripts (a screen that needs none) has nothing to wait for.
  // Then for the one render that switches the page's JavaScript-only controls in (PAGE_ENHANCED_ATTRIBUTE).
  await page.waitForFunction((enhanced) => {
    const global = window as unknown as { __reactRouterContext?: unknown; __reactRouterDataRouter?: { state: { initialized: boolean } } };
    if (!global.__reactRouterContext) return true;
    const main = document.querySelector("main");
    return Boolean(
      global.__reactRouterDataRouter?.state.initialized &&
      (!main || Object.keys(main).some((key) => key.startsWith("__reactFiber$"))) &&
      document.documentElement.hasAttribute(enhanced),
    );
  }, PAGE_ENHANCED_ATTRIBUTE);
}

/** The page's entry module: held back, the page stays as the server drew it. */
export const ENTRY_SCRIPT = "**/assets/entry.client-*.js";

/** Holds back every request for `script` (a URL pattern) until the returned function is called: a slow phone's network. */
export async function holdScript(page: Page, script: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(script, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Resolves once the browser has painted the page: its stylesheets applied, as a participant sees it.
 * An element is visible to Playwright as soon as it has a box, which can be before the styles apply.
 */
export async function whenPainted(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
}

/** Where each heading and control of the page's main content is, by its element and name. */
export async function controlPositions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        ":is(main, dialog, [role=dialog]) :is(h1, h2, h3, a, button, input:not([type=hidden]), select, textarea)",
      ),
    ].map((element) => {
      const box = element.getBoundingClientRect();
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
      return `${element.tagName} ${name} @ ${Math.round(box.left)},${Math.round(box.top)}`;
    }),
  );
}

/**
 * Opens `path` with the page's script held back, measures what the server drew, lets the script run
 * and checks that nothing a participant could tap has moved (a tap on a slow phone lands on what it aimed at).
 */
export async function expectNothingMovesOnHydration(page: Page, path: string): Promise<void> {
  const release = await holdScript(page, ENTRY_SCRIPT);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await whenPainted(page);
  const drawnByServer = await controlPositions(page);
  release();
  await whenHydrated(page);
  // What the page renders once it knows it runs in a browser comes in the frames after hydration.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await controlPositions(page), path).toEqual(drawnByServer);
  await page.unrouteAll();
}
