import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";
import { withJs } from "./support/javascript-mode";
import { codesSince, outboxMarker } from "./support/outbox";
import { identify, passChallenge } from "./support/sign-in";

test("the account menu says until when the participant is signed in, and 'Stay signed in' keeps them on the page", async ({
  page,
  participant,
  signedIn,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  if (withJs()) await page.clock.install({ time: new Date() });
  await signedIn(page, await participant("greta"));
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

test("after the session ends, signing in again comes back to the page it ended on", async ({ page, context, participant, signedIn }) => {
  const person = await signedIn(page, await participant("greta"));
  await page.goto("/profile/overview");
  // The session ends on the server (here: the cookie no longer names a live session).
  const [session] = (await context.cookies()).filter((cookie) => cookie.name.endsWith("portal_session"));
  await context.addCookies([{ ...session!, value: `${session!.value.slice(0, -4)}AAAA` }]);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Session has expired, redirecting you to log in screen..." })).toBeVisible();
  await expect(page).toHaveURL(/\/session-expired\?returnTo=%2Fprofile%2Foverview$/);
  await page.getByRole("link", { name: "Continue to sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await identify(page, person);
  await passChallenge(page, person.phone!, "sms");
  await expect(page).toHaveURL(/\/profile\/overview$/);
  await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();
});

test("after the session ends in the middle of a password update, signing in again comes back to the same step", async ({
  page,
  context,
  participant,
  signedIn,
}) => {
  const person = await signedIn(page, await participant("ada"));
  await page.goto("/profile/security");
  await whenHydrated(page);
  await page.getByRole("button", { name: "Update Password" }).click();
  const marker = await outboxMarker(person.phone!);
  await page.getByRole("radio", { name: "Text Message" }).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  const [sentBefore] = await codesSince(person.phone!, marker);

  const [session] = (await context.cookies()).filter((cookie) => cookie.name.endsWith("portal_session"));
  await context.addCookies([{ ...session!, value: `${session!.value.slice(0, -4)}AAAA` }]);
  await page.goto("/profile/security/password");
  await expect(page).toHaveURL(/\/session-expired\?returnTo=%2Fprofile%2Fsecurity%2Fpassword$/);
  await page.getByRole("link", { name: "Continue to sign in" }).click();
  await identify(page, person);
  await passChallenge(page, person.phone!, "sms");

  await expect(page).toHaveURL(/\/profile\/security\/password$/);
  await expect(page.getByText(/We sent a 6-digit code by text message to/)).toBeVisible();
  await whenHydrated(page);
  // The code sent before the session ended still works, and the new session sets the password.
  await page.getByLabel("Authentication code").fill(sentBefore!.code!);
  await page.getByRole("button", { name: "Verify" }).click();
  const newPassword = `${person.password}-Again!`;
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page.getByText("Password updated successfully")).toBeVisible();
});
