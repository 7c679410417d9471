import { ROUTE_MANIFEST_PATH } from "../../lib/http/route-manifest";
import { ROUTE_MANIFEST_PATH_LIMIT } from "../../server/middleware/request-guard";
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

test("React Router finds the page's history entry numbered after the first paint, and writes no history while hydrating", async ({
  page,
  participant,
  signedIn,
}) => {
  test.skip(!withJs(), "without JavaScript nothing hydrates");
  await signedIn(page, await participant("greta"));
  // Where each history write comes from: the page's own inline scripts, or a module file (React Router's history).
  await page.addInitScript(() => {
    const writes: { fromModule: boolean }[] = [];
    (window as unknown as { historyWrites: typeof writes }).historyWrites = writes;
    const replaceState = History.prototype.replaceState;
    History.prototype.replaceState = function (this: History, ...args: Parameters<History["replaceState"]>) {
      const stack = String(new Error().stack).split("\n").slice(2).join("\n");
      writes.push({ fromModule: stack.includes("/assets/") });
      return replaceState.apply(this, args);
    };
  });
  for (const path of ["/", "/profile/security"]) {
    await page.goto(path);
    await whenHydrated(page);
    const writes = await page.evaluate(() => (window as unknown as { historyWrites: { fromModule: boolean }[] }).historyWrites);
    expect(
      writes.filter(({ fromModule }) => fromModule),
      path,
    ).toEqual([]);
    expect(await page.evaluate(() => typeof (history.state as { idx?: unknown } | null)?.idx), path).toBe("number");
  }
  // The numbers are React Router's: back and forward between its pages still work.
  await page.getByRole("link", { name: "Review where you're signed in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Where you're signed in" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Login & Security" })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name: "Where you're signed in" })).toBeVisible();
});

test("a hydrated page asks for the routes of its links in one request the portal answers, within its limit", async ({
  page,
  participant,
  signedIn,
}) => {
  test.skip(!withJs(), "without JavaScript nothing asks");
  await signedIn(page, await participant("greta"));
  for (const path of ["/", "/profile/overview", "/profile/security", "/profile/studies", "/shares", "/accessibility"]) {
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === ROUTE_MANIFEST_PATH);
    await page.goto(path);
    const response = await answered;
    const paths = new URL(response.url()).searchParams.get("paths")?.split(",") ?? [];
    expect(response.status(), path).toBe(200);
    expect(paths.length, path).toBeLessThanOrEqual(ROUTE_MANIFEST_PATH_LIMIT);
  }
});

test.describe("in a time zone other than the server's", () => {
  test.use({ timezoneId: "Pacific/Auckland" });

  test("a page comes to life on the dates and times its server wrote, then shows them in the participant's zone without a formatter on its main thread", async ({
    page,
    context,
    reader,
    signedIn,
  }) => {
    test.skip(!withJs(), "without JavaScript the server's text is all there is");
    // Counts the date and number formatters the page builds: the browser's first costs more than the rest of hydrating.
    await page.addInitScript(() => {
      const built = { count: 0 };
      (window as unknown as { formattersBuilt: typeof built }).formattersBuilt = built;
      for (const name of ["DateTimeFormat", "NumberFormat"] as const) {
        const original = Intl[name];
        Intl[name] = new Proxy(original, {
          construct: (target, args) => (built.count++, Reflect.construct(target, args)),
          apply: (target, self, args) => (built.count++, Reflect.apply(target, self, args)),
        }) as never;
      }
    });
    const formattersBuilt = () => page.evaluate(() => (window as unknown as { formattersBuilt: { count: number } }).formattersBuilt.count);
    await signedIn(page, await reader("ada"));
    for (const language of ["en", "es"] as const) {
      await useLanguage(context, language);
      await page.goto("/");
      await whenHydrated(page);
      // Past hydration's own re-render and effects: the next frame.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      await expect(page.locator("main time").first()).toBeVisible();
      expect(await formattersBuilt(), language).toBe(0);
    }
    // The downloads' times and the session's end come in the participant's own zone, written off the page's main thread.
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
    expect(await formattersBuilt()).toBe(0);
  });
});
