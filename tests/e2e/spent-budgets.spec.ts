import { totpCode } from "../support/totp-codes";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { outboxFor } from "./support/outbox";
import { identify } from "./support/sign-in";
import { portalUrl } from "./support/stack";

/**
 * What a participant sees when a limit stops the usual way in, with and without JavaScript: a spent
 * text budget is an error that offers her other factors (never 'We sent a code'), and a password
 * past the failure cap (NIST SP 800-63B-4: at most 100 in a row) is refused with the way back.
 */
test("a participant whose phone's text budget is spent sees the error and signs in with her app instead", async ({ page, participant }) => {
  const person = await participant("tara.totp", { phoneBudgetSpent: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/");
  await identify(page, person);
  await page.getByRole("radio", { name: "Text Message" }).check();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("link", { name: /^We cannot send codes right now\. Please try again in \d+ minutes\.$/ })).toBeVisible();
  await expect(page.getByText("You can confirm it's you another way instead.")).toBeVisible();
  await expect(page.getByText("We sent a text message")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Resend code" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(await outboxFor(person.phone!)).toHaveLength(0);

  await page.getByRole("radio", { name: "Authenticator app" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Authentication code").fill(totpCode(person.totpSecret!));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => url.toString().startsWith(portalUrl));
  await expect(page.getByRole("heading", { name: "My Results" })).toBeVisible();
});

test("a participant at the password failure cap is refused even with the right password, and shown 'Forgot password?'", async ({
  page,
  participant,
}) => {
  const person = await participant("greta", { atPasswordFailureCap: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  await identify(page, person);
  await expect(
    page
      .getByText(
        "The password for this email address can no longer be used after too many incorrect tries. To sign in, reset your password with 'Forgot password?' and a code sent to your phone.",
      )
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot password?" }).first()).toBeVisible();
  await expect(page.getByRole("radio", { name: "Text Message" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
