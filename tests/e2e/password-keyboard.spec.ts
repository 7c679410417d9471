import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { expectFocusOn } from "./support/focus";
import { whenHydrated } from "./support/hydration";
import { withJs } from "./support/javascript-mode";
import { tabTo } from "./support/keyboard";
import { codesSince, outboxMarker } from "./support/outbox";

/**
 * Without JavaScript each step is a new page: focus starts at its top, the first Tab reaches 'Skip to
 * main content', and from there the step's first field follows the profile's side navigation.
 */
async function expectPageStartThenField(page: Page, field: Locator) {
  // A keyboard user starts once the page is on screen. While its stylesheet is still loading, Chromium
  // follows the skip link in the URL only, and Tab goes on through the header.
  await page.waitForLoadState("load");
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.keyboard.press("Enter");
  // Tab starts from the skip link's target once the page has moved there.
  await expect(page).toHaveURL(/#main$/);
  // Past the three links of the profile's side navigation.
  await tabTo(page, field, 4);
}

test("keyboard only: where focus is after every step of the password update", async ({ page, ownSignedIn }) => {
  test.setTimeout(120_000);
  const person = await ownSignedIn(page, { path: "/profile/security" });
  await whenHydrated(page);
  let area = withJs() ? page.getByRole("dialog", { name: "Update Password" }) : page.getByRole("main");

  const updateButton = page.getByRole("button", { name: "Update Password" });
  await tabTo(page, updateButton);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/profile\/security\/password$/);

  // Step 1: the method. With JavaScript the modal opens on the checked choice.
  const sms = area.getByRole("radio", { name: "Text Message" });
  if (withJs()) await expect(sms).toBeFocused();
  else await expectPageStartThenField(page, sms);
  const marker = await outboxMarker(person.phone!);
  await page.keyboard.press("Tab");
  await expect(area.getByRole("button", { name: "Send code" })).toBeFocused();
  await page.keyboard.press("Enter");

  // Step 2: the code.
  let codeField = area.getByLabel("Authentication code");
  await expect(codeField).toBeVisible();
  if (withJs()) await expect(codeField).toBeFocused();
  else await expectPageStartThenField(page, codeField);
  const [sent] = await codesSince(person.phone!, marker);

  const verify = area.getByRole("button", { name: "Verify" });
  const summary = area.getByRole("alert").filter({ hasText: "There is a problem" }).locator("..");
  if (withJs()) {
    // Leaving a half-typed code flags the field; focus goes where Tab sends it, not to the summary.
    await page.keyboard.type("12");
    await page.keyboard.press("Tab");
    await expect(codeField).toHaveAttribute("aria-invalid", "true");
    await expect(verify).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(codeField).toBeFocused();
    await page.keyboard.press("End"); // tabbing into a field selects what it holds
  } else {
    await page.keyboard.type("12");
  }
  // A submit with an error moves focus to the summary (the browser's autofocus without JavaScript).
  const wrongCode = sent!.code === "120000" ? "129999" : "120000";
  await page.keyboard.type(wrongCode.slice(2));
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await page.keyboard.press("Enter");
  // Without JavaScript the error page came by POST-redirect-GET.
  if (!withJs()) expect((await posted).status()).toBe(303);
  await expect(summary.getByRole("link", { name: "The code entered is not correct, please try again or resend a code" })).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(codeField).toHaveValue(wrongCode);

  // A reload posts nothing (no resubmission, no extra attempt) and shows the step afresh.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.reload();
  // The server sends the step as a page, and with JavaScript it stays one for the rest of the flow.
  area = page.getByRole("main");
  codeField = area.getByLabel("Authentication code");
  await expect(codeField).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toHaveCount(0);
  expect(posts).toEqual([]);
  if (!withJs()) {
    await expectPageStartThenField(page, codeField);
  } else {
    await whenHydrated(page);
    await expect(codeField).toBeFocused();
  }

  let code = sent!.code;
  if (withJs()) {
    // 'Resend code' locks again once used: focus moves to the code field, with the news announced.
    const resend = area.getByRole("button", { name: "Resend code" });
    await expect(resend).not.toHaveAttribute("aria-disabled", "true", { timeout: 20_000 });
    const again = await outboxMarker(person.phone!);
    await tabTo(page, resend, 5);
    await page.keyboard.press("Enter");
    await expect(area.getByRole("status").filter({ hasText: "We sent you a new code." })).toBeVisible();
    await expect(codeField).toBeFocused();
    code = (await codesSince(person.phone!, again))[0]!.code;
  }
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");

  // Step 3: the new password.
  const password = area.getByLabel("New password", { exact: true });
  await expect(password).toBeVisible();
  if (withJs()) await expect(password).toBeFocused();
  else await expectPageStartThenField(page, password);
  const newPassword = `${person.password}-Keys!`;
  await page.keyboard.type(newPassword);
  await tabTo(page, area.getByLabel("Confirm new password"), 4);
  await page.keyboard.type(newPassword);
  await page.keyboard.press("Enter");

  // Done: back on Login & Security with the success notice; with JavaScript focus is back on 'Update Password'
  // (the modal's opener), without it on the notice, as GOV.UK's success banner takes it.
  await expect(page).toHaveURL(/\/profile\/security$/);
  await expect(page.getByText("Password updated successfully")).toBeVisible();
  if (withJs()) await expect(updateButton).toBeFocused();
  else await expectFocusOn(page, "Password updated successfully");
});
