import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expectResendLocked, waitForResendUnlock } from "./support/code-step";
import { expect, test } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";
import { withJs } from "./support/javascript-mode";
import { tabTo } from "./support/keyboard";
import { codesSince, outboxMarker } from "./support/outbox";

/** With JavaScript each step puts focus on its first field (or control); without, each step is a new page that starts at its top. */
async function expectStepFocus(page: Page, first: Locator) {
  if (withJs()) await expect(first).toBeFocused();
  else expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
}

// The stack under test locks resend for CODE_RESEND_LOCK_SECONDS (playwright.config.ts), not SPEC's 30 s.
test("keyboard only: new recovery codes after a code, with 'Resend code' locked, its tooltip, and a new code that works", async ({
  page,
  ownSignedIn,
}) => {
  test.setTimeout(120_000);
  const person = await ownSignedIn(page, { path: "/profile/security" });
  await whenHydrated(page);
  await tabTo(page, page.getByRole("button", { name: "Get new recovery codes" }));
  await page.keyboard.press("Enter");

  // Confirm it's you: the method.
  const textMessage = page.getByRole("radio", { name: /^Text message to/ });
  await expect(page).toHaveTitle(/^Sign-in methods: confirm it's you/);
  await expectStepFocus(page, textMessage);
  await tabTo(page, textMessage);
  await page.keyboard.press("Space");
  const marker = await outboxMarker(person.phone!);
  await tabTo(page, page.getByRole("button", { name: "Continue" }), 5);
  await page.keyboard.press("Enter");

  // The code: 'Resend code' is locked, says why, and the server refuses it early anyway.
  const codeField = page.getByLabel("Authentication code");
  await expect(page).toHaveTitle(/^Sign-in methods: enter your code/);
  await expectStepFocus(page, codeField);
  const [sent] = await codesSince(person.phone!, marker);
  const resend = page.getByRole("button", { name: "Resend code" });
  await expectResendLocked(page, resend);
  await expectNoSeriousA11yViolations(page);

  // A wrong code: the error summary takes focus.
  await tabTo(page, codeField);
  await page.keyboard.type(sent!.code === "000000" ? "111111" : "000000");
  await page.keyboard.press("Enter");
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" }).locator("..");
  await expect(summary.getByRole("link", { name: "The code entered is not correct, please try again or resend a code" })).toBeVisible();
  await expect(summary).toBeFocused();

  // Once unlocked, a new code: the old error goes, the news is announced, and the new code works.
  await waitForResendUnlock(page, resend);
  const again = await outboxMarker(person.phone!);
  await tabTo(page, resend);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "We sent you a new code." })).toBeVisible();
  await expect(summary).toHaveCount(0);
  await expectStepFocus(page, codeField);
  const [fresh] = await codesSince(person.phone!, again);
  await tabTo(page, codeField);
  await page.keyboard.type(fresh!.code);
  await page.keyboard.press("Enter");

  // The recovery codes: focus on the step's first control.
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  await expect(page).toHaveTitle(/^Sign-in methods: save your recovery codes/);
  await expectStepFocus(page, page.getByRole("link", { name: "Download the codes as a text file" }));
  await tabTo(page, page.getByRole("button", { name: "I have saved my codes" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your new recovery codes are ready; the old ones no longer work.")).toBeVisible();
});
