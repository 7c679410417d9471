import { expect, type Page } from "@playwright/test";

/**
 * Focus is on the notice or error summary that says `text`, never left on <body>: what a keyboard or
 * screen-reader user meets first after a form post (GOV.UK's pattern, with and without JavaScript).
 */
export async function expectFocusOn(page: Page, text: string | RegExp) {
  await expect(page.locator(":focus")).toContainText(text);
}
