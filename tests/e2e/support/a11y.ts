import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * Zero serious or critical axe violations on what the page shows now.
 * axe needs script execution, which a page with JavaScript disabled refuses; there the exact
 * HTML the participant sees is scanned in a scripting context with the app's own scripts blocked,
 * so nothing hydrates and the markup stays as the server sent it.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const scriptsRun = test.info().project.use.javaScriptEnabled !== false;
  const target = scriptsRun ? page : await snapshotForScan(page);
  try {
    const results = await new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
    expect(serious, serious.join("\n")).toEqual([]);
  } finally {
    if (target !== page) await target.context().close();
  }
}

async function snapshotForScan(page: Page): Promise<Page> {
  const html = (await page.content()).replace(/<meta[^>]+http-equiv="refresh"[^>]*>/gi, "");
  const url = page.url();
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser for the accessibility snapshot");
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  const snapshot = await context.newPage();
  await snapshot.route("**/*", (route) => {
    const request = route.request();
    if (request.url() === url && request.resourceType() === "document") {
      return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    }
    if (request.resourceType() === "script") return route.abort();
    return route.continue();
  });
  await snapshot.goto(url);
  return snapshot;
}
