import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signIn } from "./support/sign-in";

const withJs = () => test.info().project.name === "js";

test("the account menu says until when the participant is signed in, and 'Stay signed in' keeps them on the page", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  if (withJs()) await page.clock.install({ time: new Date() });
  await signIn(page, "greta@example.test");
  await page.goto("/profile/overview");
  const menu = page.getByLabel(/Account menu for/);
  await menu.click();
  // Without JavaScript the server's own time zone is named; with it, the browser's.
  const until = page.getByText(/^Signed in until \d{1,2}:\d{2}\s(AM|PM)\s\S+$/).filter({ visible: true });
  await expect(until).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  if (withJs()) {
    // Two minutes before the idle limit (30 minutes here) the notice appears, without taking focus.
    await expect(page.getByText("Your session is about to end")).toHaveCount(0);
    await page.clock.fastForward("29:00");
    const notice = page.getByText("Your session is about to end");
    await expect(notice).toBeVisible();
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: "Your session is about to end" })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    // Back to the server's clock before the session is renewed, so the new limit is 30 minutes away again.
    await page.clock.setSystemTime(new Date());
    await page
      .locator('[aria-live="polite"]')
      .filter({ hasText: "Your session is about to end" })
      .getByRole("button", { name: "Stay signed in" })
      .click();
    await expect(notice).toHaveCount(0);
  } else {
    await page.getByRole("button", { name: "Stay signed in" }).filter({ visible: true }).click();
  }
  await expect(page).toHaveURL(/\/profile\/overview$/);
  await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
});
