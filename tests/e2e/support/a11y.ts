import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";

/**
 * Zero serious or critical axe violations on what the page shows now.
 * axe needs script execution, which a page with JavaScript disabled refuses; there the exact
 * HTML the participant sees is scanned in a scripting context with the app's own scripts blocked,
 * so nothing hydrates and the markup stays as the server sent it.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const scriptsRun = test.info().project.use.javaScriptEnabled !== false;
  const target = scriptsRun ? page : await snapshotForScan(page);
  const results = await new AxeBuilder({ page: target })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    // Only violations are read: axe skips gathering the passes, and runs in the page itself rather
    // than gathering each frame's results in a second, blank page (the portal has no frames of other sites).
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(serious, serious.join("\n")).toEqual([]);
}

/** What the scanning page of a browser serves next: the snapshot's address and HTML. */
type Snapshot = { url: string; html: string };

/** One scanning page per browser (a worker's), reused by every scan of the worker's tests. */
const scanningPages = new WeakMap<Browser, { page: Promise<Page>; next: Snapshot }>();

async function snapshotForScan(page: Page): Promise<Page> {
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser for the accessibility snapshot");
  let scanning = scanningPages.get(browser);
  if (!scanning) {
    const next: Snapshot = { url: "", html: "" };
    scanning = { page: openScanningPage(browser, next), next };
    scanningPages.set(browser, scanning);
  }
  scanning.next.html = (await page.content()).replace(/<meta[^>]+http-equiv="refresh"[^>]*>/gi, "");
  scanning.next.url = page.url();
  const snapshot = await scanning.page;
  const viewport = page.viewportSize();
  if (viewport) await snapshot.setViewportSize(viewport);
  // From a blank page, so an address that differs from the last scan's only in its fragment still loads the new HTML.
  await snapshot.goto("about:blank");
  await snapshot.goto(scanning.next.url);
  return snapshot;
}

async function openScanningPage(browser: Browser, next: Snapshot): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const snapshot = await context.newPage();
  await snapshot.route("**/*", (route) => {
    const request = route.request();
    if (request.url() === next.url && request.resourceType() === "document") {
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: next.html });
    }
    if (request.resourceType() === "script") return route.abort();
    return route.continue();
  });
  return snapshot;
}
