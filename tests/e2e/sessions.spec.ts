import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test, type TestParticipant } from "./support/fixtures";
import { expectFocusOn } from "./support/focus";
import { withJs } from "./support/javascript-mode";
import { signIn } from "./support/sign-in";
import { identityUrl } from "./support/stack";

/**
 * Where you are signed in (Login & Security): this device and the participant's phone, each with
 * when it signed in and was last used; 'Sign out' for one, 'Sign out everywhere else', and the page
 * a verification step links to after a new password. The test signs out her other sessions, so the
 * participant is its own, and every sign-in goes through the hosted pages (a new session each time).
 */
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** The participant's phone: a browser of its own, signed in. */
async function signInOnPhone(browser: Browser, person: TestParticipant): Promise<Page> {
  const phone = await browser.newContext({ userAgent: IPHONE_SAFARI, javaScriptEnabled: withJs(), viewport: { width: 375, height: 812 } });
  const page = await phone.newPage();
  await signIn(page, person);
  return page;
}

async function expectSignedOut(page: Page) {
  await page.goto("/profile/overview");
  await expect(page).toHaveURL(/\/session-expired|\/interaction\/|\/auth\/sign-in/);
}

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test("a participant sees where she is signed in, signs out her phone, then everywhere else", async ({ page, browser, participant }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const person = await participant("greta");
  const phone = await signInOnPhone(browser, person);
  await signIn(page, person);

  await page.goto("/profile/security");
  const section = page.getByRole("region", { name: "Where you're signed in" });
  await expect(section).toContainText("See the devices where you are signed in");
  await section.getByRole("link", { name: "Review where you're signed in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Where you're signed in" })).toBeVisible();
  const list = page.getByRole("region", { name: "Where you're signed in" }).getByRole("listitem");
  await expect(list).toHaveCount(2);
  await expect(list.first()).toContainText("This device");
  await expect(list.first()).toContainText("Last usedNow");
  await expect(list.nth(1)).toContainText("Safari on iOS");
  await expect(list.nth(1)).toContainText("DevicePhone");
  await expect(list.nth(1)).toContainText(/Signed in[A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(list.nth(1)).not.toContainText("This device");
  await expect(page).toHaveTitle(/^Where you're signed in \|/);
  await expectNoSeriousA11yViolations(page);

  await list.nth(1).getByRole("button", { name: "Sign out of Safari on iOS" }).click();
  await expect(page.getByText("You signed out of that device.")).toBeVisible();
  await expectFocusOn(page, "You signed out of that device.");
  await expect(list).toHaveCount(1);
  await expect(page.getByText("You are signed in on this device only.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
  await expectSignedOut(phone);

  // The phone signs in again; 'Sign out everywhere else' ends it and keeps this device.
  await signIn(phone, person);
  await page.reload();
  await expect(list).toHaveCount(2);
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByText("You signed out everywhere else.")).toBeVisible();
  await expect(page.getByText("Sessions ended: 1. This device stays signed in.")).toBeVisible();
  await expect(list).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await expectSignedOut(phone);
  await page.goto("/profile/overview");
  await expect(page.getByRole("heading", { name: "Personal Information" })).toBeVisible();

  // An address anyone can open announces no change: '?after=password' says nothing of a new password.
  await signIn(phone, person);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/profile/security/sessions?after=password&lang=es");
  await expect(page.getByRole("heading", { level: 1, name: "Dónde tiene la sesión iniciada" })).toBeVisible();
  await expect(page.getByText("Su contraseña se actualizó.")).toHaveCount(0);
  await expect(page.getByText("Otras sesiones que siguen iniciadas")).toHaveCount(0);
  const lista = page.getByRole("region", { name: "Dónde tiene la sesión iniciada" }).getByRole("listitem");
  await expect(lista.nth(1)).toContainText("Safari en iOS");
  await expect(lista.first()).toContainText("Este dispositivo");
  await expect(page.getByRole("button", { name: "Cerrar sesión en todos los demás" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoSideways(page);

  // 'Sign out' beside this device is the ordinary sign-out; the phone stays signed in.
  await lista.first().getByRole("button", { name: "Cerrar sesión en este dispositivo" }).click();
  await page.waitForURL((url) => url.toString().startsWith(identityUrl));
  await expectSignedOut(page);
  await phone.goto("/profile/security/sessions?lang=en");
  await expect(phone.getByRole("region", { name: "Where you're signed in" }).getByRole("listitem")).toHaveCount(1);
  await phone.context().close();
});

test("'Where you're signed in' fits a 320 px screen in Spanish and English, without scrolling sideways (WCAG 1.4.10)", async ({
  page,
  browser,
  participant,
  signedIn,
}) => {
  const person = await participant("greta");
  const phone = await signInOnPhone(browser, person);
  await signedIn(page, person);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const [language, heading] of [
    ["es", "Dónde tiene la sesión iniciada"],
    ["en", "Where you're signed in"],
  ] as const) {
    await page.goto(`/profile/security/sessions?lang=${language}`);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("region", { name: heading }).getByRole("listitem")).toHaveCount(2);
    await expectNoSideways(page);
    await expectNoSeriousA11yViolations(page);
  }
  await phone.context().close();
});
