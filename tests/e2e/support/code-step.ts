import { expect, type Locator, type Page } from "@playwright/test";
import { withJs } from "./javascript-mode";
import { codesSince, outboxMarker } from "./outbox";

/**
 * Waits until 'Resend code' unlocks, as the participant would: with JavaScript the countdown
 * enables it; without, the page's 'Check whether I can ask for a new code' link is followed until
 * the reloaded page offers it. The stack under test locks it for CODE_RESEND_LOCK_SECONDS (6 s).
 */
export async function waitForResendUnlock(page: Page, resend: Locator, checkAgain = "Check whether I can ask for a new code") {
  if (withJs()) {
    await expect(resend).not.toHaveAttribute("aria-disabled", "true", { timeout: 20_000 });
    return;
  }
  await expect(async () => {
    await page.getByRole("link", { name: checkAgain }).click();
    await expect(resend).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Confirms it's the participant on a step that asks for a fresh code: a text message to their
 * phone, the code from the outbox, and the step's confirming button.
 */
export async function confirmWithTextMessage(page: Page, phone: string, confirm = "Confirm") {
  await page.getByRole("radio", { name: /^Text message to/ }).check();
  const marker = await outboxMarker(phone);
  await page.getByRole("button", { name: "Continue" }).click();
  const [sent] = await codesSince(phone, marker);
  await page.getByLabel("Authentication code").fill(sent!.code);
  await page.getByRole("button", { name: confirm }).click();
}

/**
 * 'Resend code' is locked and says why (SPEC.md §4): the countdown's words, and with JavaScript a
 * control that stays focusable with its tooltip; without, a disabled button.
 */
export async function expectResendLocked(page: Page, resend: Locator) {
  await expect(page.getByText(/You can ask for a new code in \d+ seconds\./)).toBeVisible();
  if (withJs()) {
    await expect(resend).toHaveAttribute("aria-disabled", "true");
    await resend.focus();
    await expect(page.getByRole("tooltip", { name: "Will activate after 30 seconds" })).toBeVisible();
  } else {
    await expect(resend).toBeDisabled();
  }
}
