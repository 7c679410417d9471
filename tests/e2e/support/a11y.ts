import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page, type Response } from "@playwright/test";

/**
 * Zero serious or critical axe violations on what the page shows now.
 * axe needs script execution, which a page with JavaScript disabled refuses; there the exact
 * HTML the participant sees is scanned in a scripting context with the app's own scripts blocked,
 * so nothing hydrates and the markup stays as the server sent it.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const scriptsRun = test.info().project.use.javaScriptEnabled !== false;
  const scanned = checkHtmlDir ? await scannedDocument(page, scriptsRun) : undefined;
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
  // Saved once the scan passes: a page a test breaks on purpose to see the scan fail is not checked.
  if (scanned !== undefined) saveScannedDocument(scanned);
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

/** Where `npm run check:html` has every scanned document saved for the HTML checker; unset, nothing is saved. */
export const checkHtmlDir = process.env.CHECK_HTML_DIR;

/** Each page's last main-frame document as served (a redirect has no body to check). */
const servedDocuments = new WeakMap<Page, Response>();

/** Notes the documents served to every page of the browser's contexts, from now on. */
export function noteServedDocuments(browser: Browser) {
  browser.on("context", (context) =>
    context.on("response", (response) => {
      const status = response.status();
      const html = response.headers()["content-type"]?.startsWith("text/html") && (status < 300 || status >= 400);
      if (!html || !response.request().isNavigationRequest()) return;
      try {
        const frame = response.frame();
        if (!frame.parentFrame()) servedDocuments.set(frame.page(), response);
      } catch {
        // A popup's first document arrives before its frame exists; no scan is of it.
      }
    }),
  );
}

const scansOfTest = new Map<string, number>();

/**
 * What the scan sees: with JavaScript the live DOM; without, the document's text as the server sent it
 * (the parsed DOM would hide markup errors), unless the page shows another document (one kept in the
 * back-forward cache) or none was noted.
 */
async function scannedDocument(page: Page, scriptsRun: boolean) {
  const served = scriptsRun ? undefined : servedDocuments.get(page);
  return served && served.url() === page.url().split("#")[0] ? served.text() : page.content();
}

/** One file per scan: .../<project>/<spec and test title>-<scan's index in the test>.html */
function saveScannedDocument(html: string) {
  const info = test.info();
  const index = (scansOfTest.get(info.testId) ?? 0) + 1;
  scansOfTest.set(info.testId, index);
  const name = info.titlePath
    .join(" ")
    .replace(/\.spec\.ts\b/, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase()
    .slice(0, 180);
  mkdirSync(path.join(checkHtmlDir!, info.project.name), { recursive: true });
  writeFileSync(path.join(checkHtmlDir!, info.project.name, `${name}-${index}.html`), html);
}
