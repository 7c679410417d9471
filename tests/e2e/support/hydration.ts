import { test, type Page } from "@playwright/test";

/**
 * With JavaScript, resolves once React Router has hydrated the page (its router initialised), so a
 * test acts on the elements the user keeps; without JavaScript, at once (nothing hydrates).
 */
export async function whenHydrated(page: Page): Promise<void> {
  if (test.info().project.name !== "js") return;
  await page.waitForFunction(() =>
    Boolean(
      (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized,
    ),
  );
}
