import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { controlPositions, ENTRY_SCRIPT, expectNothingMovesOnHydration, holdScript, whenHydrated, whenPainted } from "./support/hydration";
import { withJs } from "./support/javascript-mode";
import { useLanguage } from "./support/language";
import { viewports } from "./support/matrix";

/**
 * A participant on a slow phone taps what the server drew before the page's script has run. Nothing
 * they can tap may move when the page hydrates, or the tap lands on something else (a control offered
 * only with JavaScript is drawn by the server where scripting is on, not added by the script).
 */
const pages = [
  "/",
  "/profile/overview",
  "/profile/security",
  "/profile/security/sessions",
  "/profile/studies",
  "/profile/studies/withdraw",
  "/shares",
  "/accessibility",
  // The privacy choices the server drew as the page (a tap before the script ran) stay the page.
  "/profile/overview?privacy=consents",
  "/counselling",
];

for (const viewport of viewports) {
  test(`at ${viewport.width}px nothing a participant can tap moves when a page hydrates`, async ({ page, participant, signedIn }) => {
    test.skip(!withJs(), "without JavaScript nothing hydrates");
    await page.setViewportSize(viewport);
    await signedIn(page, await participant("greta"));
    for (const path of pages) await expectNothingMovesOnHydration(page, path);
  });
}

test("a password step the server sent as a page stays a page when the script runs, and keeps what was typed", async ({
  page,
  participant,
  signedIn,
}) => {
  test.skip(!withJs(), "without JavaScript nothing hydrates");
  await signedIn(page, await participant("ada"));
  await page.goto("/profile/security");
  await whenHydrated(page);
  await page.getByRole("button", { name: "Update Password" }).click();
  await page.getByRole("radio", { name: "Text Message" }).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  // Reloaded (or reached again after signing in), the code step is the page the server drew.
  await expectNothingMovesOnHydration(page, "/profile/security/password");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A participant on a slow phone types the code before the script has run: it is still there after.
  const release = await holdScript(page, ENTRY_SCRIPT);
  await page.goto("/profile/security/password", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Authentication code").fill("123");
  release();
  await whenHydrated(page);
  await expect(page.getByLabel("Authentication code")).toHaveValue("123");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.unrouteAll();
});

test("nothing on the hosted sign-in page moves when its scripts run", async ({ page }) => {
  test.skip(!withJs(), "without JavaScript no script runs");
  const release = await holdScript(page, "**/assets/webauthn-browser.js");
  // The held script blocks the page's load: wait for what it drew before it.
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await whenPainted(page);
  const drawnByServer = await controlPositions(page);
  release();
  const passkey = page.getByRole("button", { name: "Sign in with a passkey" });
  await expect(passkey).toBeVisible();
  await expect(passkey).toBeEnabled();
  expect(await controlPositions(page)).toEqual(drawnByServer);
});

test("a page is on screen before any of its script is asked for", async ({ page, participant, signedIn }) => {
  await signedIn(page, await participant("greta"));
  const scriptFiles = /\/assets\/[^/]+\.(js|json)$/;
  for (const path of ["/", "/profile/security"]) {
    const asked: string[] = [];
    const record = (request: { url(): string }) => {
      if (scriptFiles.test(new URL(request.url()).pathname)) asked.push(request.url());
    };
    page.on("request", record);
    await page.goto(path, { waitUntil: "load" });
    await whenHydrated(page);
    page.off("request", record);
    if (!withJs()) {
      expect(asked, path).toEqual([]);
      continue;
    }
    const firstPaint = await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime);
    const started = await page.evaluate(
      (files) =>
        performance
          .getEntriesByType("resource")
          .filter((entry) => new RegExp(files).test(new URL(entry.name).pathname))
          .map((entry) => ({ file: new URL(entry.name).pathname, startTime: entry.startTime })),
      scriptFiles.source,
    );
    // The modules and the translations the script needs: all asked for, none before the first paint.
    expect(
      started.some(({ file }) => file.includes("/entry.client-")),
      path,
    ).toBe(true);
    const paintedAt = (await firstPaint.jsonValue()) as number;
    expect(
      started.filter(({ startTime }) => startTime < paintedAt),
      path,
    ).toEqual([]);
  }
});

test("back and forward move between the pages a participant followed links to", async ({ page, participant, signedIn }) => {
  await signedIn(page, await participant("greta"));
  await page.goto("/profile/security");
  await page.getByRole("link", { name: "Review where you're signed in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Where you're signed in" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Login & Security" })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name: "Where you're signed in" })).toBeVisible();
});

test.describe("in a time zone other than the server's", () => {
  test.use({ timezoneId: "Pacific/Auckland" });

  test("a page shows dates and times in the participant's own zone once its script runs", async ({ page, context, reader, signedIn }) => {
    test.skip(!withJs(), "without JavaScript the server's text is all there is");
    await signedIn(page, await reader("ada"));
    await useLanguage(context, "es");
    // The downloads' times and the session's end come in the participant's own zone.
    await page.goto("/profile/overview");
    await whenHydrated(page);
    await expect(
      page
        .getByRole("main")
        .getByText(/GMT\+1[23]/)
        .first(),
    ).toBeVisible();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByLabel(/Menú de la cuenta|Account menu/).click();
    await expect(page.getByText(/^Sesión iniciada hasta/).filter({ visible: true })).toHaveText(/GMT\+1[23]$/);
  });
});
