import { expect, type Page } from "@playwright/test";
import { withJs } from "./javascript-mode";

/**
 * Passes a hosted page's security check as the participant does. With JavaScript the check runs by
 * itself and its status says so (`done`, in the page's language); without it the check is the wait the
 * page states (HUMAN_CHECK_WAIT_SECONDS: short in the stack under test, SPEC's 15 s by default), and
 * there is nothing on the page to wait for instead.
 */
export async function passSecurityCheck(page: Page, done: string): Promise<void> {
  const status = page.locator("#humanCheck").getByRole("status");
  if (withJs()) {
    await expect(status).toHaveText(done);
    return;
  }
  const seconds = Number(/\d+/.exec((await status.textContent()) ?? "")?.[0]);
  expect(seconds, "the stated wait of the stack under test").toBeLessThan(15);
  await page.waitForTimeout(seconds * 1000);
}
