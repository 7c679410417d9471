import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";

/**
 * The scan every screen passes is one that fails: a picture without a text alternative on the page the
 * participant was shown is caught in both modes, between two scans of the same page that pass.
 */
test("the accessibility scan catches a serious barrier on the page shown, and only there", async ({ page }) => {
  await page.route("**/accessibility?with-a-barrier", async (route) => {
    const response = await route.fetch({ url: route.request().url().replace("?with-a-barrier", "") });
    const html = (await response.text()).replace("</body>", '<img src="/favicon.ico" width="20" height="20"></body>');
    await route.fulfill({ response, body: html });
  });
  await page.goto("/accessibility");
  await expectNoSeriousA11yViolations(page);
  await page.goto("/accessibility?with-a-barrier");
  await whenHydrated(page);
  await expect(page.locator("body > img:not([alt])")).toHaveCount(1);
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/image-alt/);
  await page.goto("/accessibility");
  await expectNoSeriousA11yViolations(page);
});
