import type { Page } from "@playwright/test";
import { templates } from "../support/participant-templates";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test, type TestParticipant } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";
import { screenMatrix } from "./support/matrix";
import { signIn } from "./support/sign-in";
import { identityUrl, portalUrl, resultsUrl } from "./support/stack";

const steps = ["Kit registered", "Sample received", "Sequencing complete", "Traits and ancestry results ready", "Health results ready"];
const supportEmail = "support@dnadiscovery.example";

type Expected =
  | { screen: "gathering"; cards: string[] }
  | { screen: "empty"; text: string }
  | {
      screen: "full" | "reduced";
      current: number[];
      visibleSteps: number;
      cards: string[];
      withoutConsent?: string[];
      notReady?: string[];
    };

/** What SPEC.md says each demo participant's data should show (platform/demo/participants.json), and so each one like them. */
const byParticipant: Record<string, Expected> = {
  "ada@example.test": {
    screen: "full",
    current: [5],
    visibleSteps: 5,
    cards: ["Health", "Traits", "Ancestry", "Exome Download"],
    withoutConsent: ["Exome Download"],
  },
  "bruno@example.test": { screen: "gathering", cards: ["Traits"] },
  "carmen@example.test": { screen: "full", current: [1], visibleSteps: 5, cards: ["Traits", "Ancestry"], notReady: ["Traits", "Ancestry"] },
  "dmitri@example.test": {
    screen: "full",
    current: [2],
    visibleSteps: 5,
    cards: ["Traits", "Women's Wellness"],
    notReady: ["Traits", "Women's Wellness"],
  },
  "elena@example.test": { screen: "full", current: [3, 4], visibleSteps: 4, cards: ["Traits", "Ancestry"] },
  "lucia@example.test": {
    screen: "full",
    current: [4],
    visibleSteps: 5,
    cards: ["Health", "Familial Hypercholesterolemia", "Women's Wellness"],
    notReady: ["Health", "Familial Hypercholesterolemia", "Women's Wellness"],
  },
  "greta@example.test": { screen: "empty", text: `You don't have DNA tests connected to your account. Please contact ${supportEmail}` },
  "hiro@example.test": {
    screen: "full",
    current: [5],
    visibleSteps: 5,
    cards: ["Nevada Partner Traits", "Biobank Partner Traits", "Whole-Person Project Traits"],
  },
  "iris@example.test": {
    screen: "full",
    current: [4],
    visibleSteps: 4,
    cards: ["Ancestry", "Exome Download"],
    withoutConsent: ["Exome Download"],
  },
};

async function expectDashboard(page: Page, expected: Expected) {
  const main = page.getByRole("main");
  if (expected.screen === "gathering") {
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Gathering your information...");
    // What happens next, a way to reach support, and the apps that already exist.
    await expect(main.getByText("Your sample's progress will show here once the lab has your kit.", { exact: false })).toBeVisible();
    await expect(main.getByRole("link", { name: "participant support" })).toHaveAttribute("href", `mailto:${supportEmail}`);
    await expect(main.getByRole("heading", { name: "DNA Sample Status" })).toHaveCount(0);
    await expect(main.getByRole("region", { name: "Results" }).getByRole("heading", { level: 3 })).toHaveText(expected.cards);
    return;
  }
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("My Results");
  if (expected.screen === "empty") {
    await expect(main.getByText(expected.text, { exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: supportEmail })).toHaveAttribute("href", `mailto:${supportEmail}`);
    return;
  }
  const tracker = main.getByRole("list", { name: "Sample progress" });
  if (expected.screen === "reduced") {
    await expect(main.getByRole("heading", { name: "DNA Sample Status" })).toHaveCount(0);
    await expect(tracker).toHaveCount(0);
  } else {
    await expect(main.getByRole("heading", { name: "DNA Sample Status" })).toBeVisible();
    await expect(tracker.getByRole("listitem")).toHaveCount(expected.visibleSteps);
    await expect(tracker.locator('li[aria-current="step"]')).toHaveText(
      // The day the step was reached follows when the results service knows it.
      expected.current.map(
        (step) => new RegExp(`^\\d${steps[step - 1]} \\(Current step\\)((Expected by )?[A-Z][a-z]+ \\d{1,2}, \\d{4})?$`),
      ),
    );
    await expect(tracker.locator('li[data-state="done"]')).toHaveCount(Math.min(...expected.current) - 1);
  }
  const results = main.getByRole("region", { name: "Results" });
  await expect(results.getByRole("heading", { level: 3 })).toHaveText(expected.cards);
  for (const label of expected.cards) {
    // A report is offered once its results are ready; the exome is a data file, named as one.
    const download =
      label === "Exome Download"
        ? results.getByRole("button", { name: /^Download your exome file \(VCF, [\d.]+ (kB|MB)\)$/ })
        : results.getByRole("link", { name: `Read report: ${label}` });
    await expect(download).toHaveCount(expected.notReady?.includes(label) ? 0 : 1);
    const consent = results.getByRole("link", { name: `View consent: ${label} (opens in a new tab)` });
    await expect(consent).toHaveCount(expected.withoutConsent?.includes(label) ? 0 : 1);
  }
}

async function resultsLinkFor(email: string): Promise<string> {
  const response = await fetch(`${identityUrl}/dev/results-link`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { url: string }).url;
}

async function setFault(rule: { failNext?: number; status?: number; delayMs?: number; userID: string }) {
  const response = await fetch(`${resultsUrl}/dev/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(rule),
  });
  expect(response.ok).toBe(true);
}

const expectedFor = (person: TestParticipant) => byParticipant[templates[person.template]]!;

/** The demo data itself: the participants a person uses (README 'Demo participants'). */
test.describe("My Results for every demo participant", () => {
  for (const email of Object.keys(byParticipant)) {
    test(`${email} sees what their data says`, async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await signIn(page, email);
      if (email === "lucia@example.test") {
        // A fresh browser takes the language of the participant's profile; the expectations are in English.
        await expect(page.locator("html")).toHaveAttribute("lang", "es");
        await page.goto("/?lang=en");
      }
      await expect(page).toHaveURL(`${portalUrl}/`);
      await expectDashboard(page, byParticipant[email]!);
    });
  }

  test("participants without a phone, through a results link: Felix is still gathering, Nadia gets the reduced view", async ({ page }) => {
    await page.goto(await resultsLinkFor("felix@example.test"));
    await expectDashboard(page, { screen: "gathering", cards: ["Traits"] });
    await expectNoSeriousA11yViolations(page);
    await page.context().clearCookies();
    await page.goto(await resultsLinkFor("nadia@example.test"));
    await expectDashboard(page, { screen: "reduced", current: [], visibleSteps: 0, cards: ["Ancestry"], notReady: ["Ancestry"] });
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Welcome" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("a results-link visitor with no apps sees the no-apps message", async ({ page }) => {
    await page.goto(await resultsLinkFor("greta@example.test"));
    await expect(page.getByText(`You don't have apps. Please, contact ${supportEmail}.`, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("the full dashboard", () => {
  test("at 375px and 1366px, in English and Spanish, accessible", async ({ page, reader, signedIn }) => {
    await signedIn(page, await reader("ada"));
    for (const { viewport, language } of screenMatrix) {
      await page.setViewportSize(viewport);
      await page.goto(`/?lang=${language}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(language === "en" ? "My Results" : "Mis resultados");
      await expect(
        main.getByRole("heading", { name: language === "en" ? "DNA Sample Status" : "Estado de la muestra de ADN" }),
      ).toBeVisible();
      await expect(main.getByRole("heading", { level: 3 })).toHaveText(
        language === "en" ? ["Health", "Traits", "Ancestry", "Exome Download"] : ["Salud", "Rasgos", "Ascendencia", "Descarga del exoma"],
      );
      await expectNoSeriousA11yViolations(page);
    }
  });

  test("the timeline details open and close, and say how long each step takes", async ({ page, reader, signedIn }, testInfo) => {
    await signedIn(page, await reader("elena"));
    const link = page.getByRole("link", { name: "View Timeline Details" });
    if (testInfo.project.name === "no-js") {
      // Without JavaScript the timeline is a page of its own: nothing behind it to tab into, a link back.
      await link.click();
      await expect(page).toHaveURL(`${portalUrl}/?timeline`);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Timeline Details");
      await expect(page).toHaveTitle(/^Timeline Details \|/);
      await expect(main.getByRole("listitem")).toHaveCount(4);
      await expect(main).toContainText("3-5 days after shipping");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(main.getByRole("link", { name: /Read report/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await main.getByRole("link", { name: "Back to My Results" }).click();
      await expect(page).toHaveURL(`${portalUrl}/`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Results");
      return;
    }
    const dialog = page.getByRole("dialog", { name: "Timeline Details" });
    await whenHydrated(page);
    await link.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("up to 12 weeks");
    await expect(dialog).toContainText("3-5 days after shipping");
    await expect(dialog).toContainText("up to 8 weeks after your sample arrives");
    await expect(dialog).toContainText("immediately after sequencing");
    // Elena is not health-or-research: four entries, no health results line.
    await expect(dialog.getByRole("listitem")).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
    await link.click();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await link.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    // The modal leaves the address alone: My Results is still the page behind it.
    await expect(page).toHaveURL(`${portalUrl}/`);
  });

  test("the tracker dates each step reached, says when the next is expected and why the kit is late", async ({
    page,
    reader,
    signedIn,
  }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signedIn(page, await reader("dmitri"));
    const main = page.getByRole("main");
    const trackerSteps = main.getByRole("list", { name: "Sample progress" }).getByRole("listitem");
    await expect(trackerSteps.nth(0)).toContainText("September 14, 2026");
    await expect(trackerSteps.nth(1)).toContainText("September 29, 2026");
    await expect(trackerSteps.nth(1)).toHaveAttribute("aria-current", "step");
    await expect(trackerSteps.nth(2)).toContainText("Expected by January 15, 2027");
    await expect(trackerSteps.nth(3)).not.toContainText("2027");
    // (The closed timeline dialog holds the same words, hidden.)
    await expect(main.getByText("Your sample is taking longer than usual").filter({ visible: true })).toHaveCount(1);
    await expect(main.getByText("The lab is processing more samples than usual.").filter({ visible: true })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    // The timeline details say the same: the modal with JavaScript, the timeline's own page without.
    await main.getByRole("link", { name: "View Timeline Details" }).click();
    const details = testInfo.project.name === "js" ? page.getByRole("dialog", { name: "Timeline Details" }) : page.getByRole("main");
    await expect(details.getByRole("listitem").nth(1)).toContainText("September 29, 2026");
    await expect(details.getByRole("listitem").nth(2)).toContainText("Expected by January 15, 2027");
    await expect(details.getByText("The lab is processing more samples than usual.")).toBeVisible();

    // In Spanish at 375px, the days as Spanish writes them.
    await page.context().clearCookies();
    await page.setViewportSize({ width: 375, height: 800 });
    await signedIn(page, await reader("lucia"));
    const tracker = page.getByRole("main").getByRole("list", { name: "Progreso de la muestra" }).getByRole("listitem");
    await expect(tracker.nth(0)).toContainText("10 de agosto de 2026");
    await expect(tracker.nth(4)).toContainText("Previsto para el 18 de diciembre de 2026");
    await expectNoSeriousA11yViolations(page);
  });

  test("with JavaScript, 'Gathering your information...' shows while My Results loads, then the results", async ({
    page,
    reader,
    signedIn,
  }, testInfo) => {
    test.skip(testInfo.project.name === "no-js", "without JavaScript the server answers with the finished page");
    await signedIn(page, await reader("ada"), { path: "/profile" });
    await page.setViewportSize({ width: 1366, height: 900 });
    await whenHydrated(page);
    let releaseResults: () => void = () => {};
    const resultsHeld = new Promise<void>((resolve) => (releaseResults = resolve));
    await page.route(
      // The navigation's data request (React Router's single fetch: /_.data for the index page).
      (url) => url.pathname === "/_.data",
      async (route) => {
        await resultsHeld;
        await route.continue();
      },
    );
    await page.getByRole("banner").getByRole("link", { name: "My Results" }).click();
    const main = page.getByRole("main");
    await expect(main.getByRole("status")).toHaveText("Gathering your information...");
    releaseResults();
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("My Results");
    await expect(main.getByRole("heading", { name: "DNA Sample Status" })).toBeVisible();
  });

  test("the health-or-research timeline has five entries, health results up to 8 weeks after sequencing", async ({
    page,
    reader,
    signedIn,
  }) => {
    await signedIn(page, await reader("dmitri"), { path: "/?timeline" });
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Timeline Details");
    await expect(main.getByRole("listitem")).toHaveCount(5);
    await expect(main).toContainText("up to 8 weeks after sequencing");
  });

  test("a report opens from its card as a page of the portal, its PDF beside it in a new tab", async ({
    page,
    context,
    reader,
    signedIn,
  }) => {
    await signedIn(page, await reader("elena"));
    await whenHydrated(page);
    // The same link with or without JavaScript: the report's page, in this tab.
    await page.getByRole("link", { name: "Read report: Traits" }).click();
    await expect(page).toHaveURL(`${portalUrl}/results/report?app=app-1005-traits`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Traits — Traits report");
    await expect(page).toHaveTitle(/^Traits — Traits report \|/);
    // The PDF opens in a new tab (Chromium shows it in its viewer), named for the participant's files.
    const received = context.waitForEvent("response", (response) => response.url().startsWith(`${resultsUrl}/documents/`));
    const opened = context.waitForEvent("page");
    const pdf = page.getByRole("link", { name: "Download this report as a PDF (opens in a new tab)" });
    await expect(pdf).toHaveAttribute("target", "_blank");
    await pdf.click();
    const report = await received;
    expect(report.status()).toBe(200);
    expect(report.headers()["content-type"]).toBe("application/pdf");
    expect(report.headers()["content-disposition"]).toMatch(/^inline; filename="report-traits-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect((await opened).url()).not.toBe(page.url());
    await expect(page).toHaveURL(`${portalUrl}/results/report?app=app-1005-traits`);
  });

  test("the welcome banner, once dismissed, stays hidden on every device", async ({ page, browser, participant, signedIn }, testInfo) => {
    // Dismissing changes the account: a participant of the test's own.
    const person = await signedIn(page, await participant("ada"));
    await page.goto("/?lang=en");
    await whenHydrated(page);
    const banner = page.getByRole("status").filter({ hasText: "Welcome to your DNA Discovery account" });
    await expect(banner).toBeVisible();
    const withScript = testInfo.project.name === "js";
    // With JavaScript the dismissal goes in the background: hold it on its way, so the participant
    // leaves the page before it has arrived.
    if (withScript)
      await page.route("**/dashboard/banner*", (route) => setTimeout(() => void route.continue().catch(() => undefined), 500));
    await banner.getByRole("button", { name: "Close" }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Results");
    // Keyboard focus lands on the page's heading, not on the document (JavaScript on; without it the page reloads).
    if (withScript) await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await page.goto("/profile?lang=en");
    // Coming back, the banner stays closed: the dismissal was delivered although the page was left.
    await expect(async () => {
      await page.goto("/?lang=en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Results");
      await expect(banner).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    const otherDevice = await browser.newContext({ javaScriptEnabled: testInfo.project.name !== "js" });
    const other = await otherDevice.newPage();
    // Another device signs in anew (its own session), through the hosted pages.
    await signIn(other, person);
    await other.goto("/?lang=en");
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("My Results");
    await expect(other.getByText("Welcome to your DNA Discovery account")).toHaveCount(0);
    await otherDevice.close();
  });

  test("in Spanish, a product or consent link first shows the English-only notice, then continues", async ({
    page,
    reader,
    signedIn,
  }, testInfo) => {
    // The language cookie is set after sign-in: the identity provider's pages would read it too.
    await signedIn(page, await reader("lucia"));
    await page.goto("/?lang=es");
    await whenHydrated(page);
    const card = page.locator('li[data-app-name="health"]');
    await expect(card.getByRole("heading")).toHaveText("Salud");
    await card.getByRole("link", { name: "Abrir el portal de salud: Salud" }).click();
    if (testInfo.project.name === "js") {
      const dialog = page.getByRole("dialog", { name: "Contenido disponible solo en inglés" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("link", { name: /^Continuar/ })).toHaveAttribute("href", "https://health.dnadiscovery.example/health");
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await card.getByRole("link", { name: "Ver consentimiento: Salud" }).click();
      await expect(dialog.getByRole("link", { name: /^Continuar/ })).toHaveAttribute(
        "href",
        "https://www.dnadiscovery.example/consents/health",
      );
    } else {
      await expect(page).toHaveURL(/\/results\/english-only\?app=health&link=product$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contenido disponible solo en inglés");
      await expect(page.getByRole("link", { name: "Continuar" })).toHaveAttribute("href", "https://health.dnadiscovery.example/health");
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("link", { name: "Volver a Mis resultados" }).click();
      await card.getByRole("link", { name: "Ver consentimiento: Salud" }).click();
      await expect(page.getByRole("link", { name: "Continuar" })).toHaveAttribute(
        "href",
        "https://www.dnadiscovery.example/consents/health",
      );
      // Only configured product pages are reachable from the notice.
      await page.goto("/results/english-only?app=evil&link=product");
      await expect(page).toHaveURL(`${portalUrl}/`);
    }
  });
});

/**
 * Faults injected into the real results service, each rule for a participant of the test's own, so
 * these run beside every other test. Each test checks the other mode in a second browser context, so
 * one project runs them.
 */
test.describe("when the results service fails", () => {
  test.describe.configure({ timeout: 120_000 });
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "each test checks both modes itself");

  /** A test whose checks run for a participant like Hiro with JavaScript, then one like Iris without, each signed in. */
  function testInBothModes(title: string, check: (view: Page, person: TestParticipant, withJavaScript: boolean) => Promise<void>) {
    test(title, async ({ page, browser, participant, signedIn }) => {
      const hiro = await signedIn(page, await participant("hiro"));
      const noJsContext = await browser.newContext({ javaScriptEnabled: false });
      const noJsView = await noJsContext.newPage();
      const iris = await signedIn(noJsView, await participant("iris"));
      await check(page, hiro, true);
      await check(noJsView, iris, false);
      await noJsContext.close();
    });
  }

  testInBothModes(
    "failing twice then answering shows the results; three 500s the generic error; code 599 the network error",
    async (view, person, withJavaScript) => {
      const userID = person.userId;
      await expectDashboard(view, expectedFor(person));
      if (person.template === "iris") {
        // Iris's ancestry app has no type: the empty icon name.
        const untyped = view.locator('li[data-app-name="ancestry"] svg[data-result-icon]');
        await expect(untyped).toHaveAttribute("data-result-icon", "");
        // Not a blank gap: a plain report sheet is drawn in its place.
        await expect(untyped.locator("path")).toHaveCount(1);
      }

      await setFault({ failNext: 2, status: 503, userID });
      await view.reload();
      await expectDashboard(view, expectedFor(person));

      await setFault({ failNext: 3, status: 500, userID });
      const failed = await view.reload();
      expect(failed?.status()).toBe(500);
      await expect(view.getByRole("heading", { level: 1 })).toHaveText("Oh no! There was an unexpected error on our side.");
      await expect(view.getByText("Please try again in a few minutes. If this continues, reach out to the")).toBeVisible();
      if (withJavaScript) await expectNoSeriousA11yViolations(view);

      await setFault({ failNext: 3, status: 599, userID });
      await view.reload();
      await expect(view.getByRole("heading", { level: 1 })).toHaveText("Oops! There Was an Unexpected Issue With the Network");
      await expect(view.getByRole("button", { name: "Sign Out" })).toBeVisible();
      await expect(view.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/");
      if (withJavaScript) await expectNoSeriousA11yViolations(view);
    },
  );

  testInBothModes(
    "a slow results service: both modes show 'Gathering your information...' at once, then the results",
    async (view, person, withJavaScript) => {
      const userID = person.userId;
      // The service holds the answer for 10 s: the waiting page comes well before it, the results once an answer does.
      await setFault({ failNext: 1, delayMs: 10_000, userID });
      const reload = view.reload();
      await expect(view.getByRole("heading", { level: 1, name: "Gathering your information..." })).toBeVisible({ timeout: 6_000 });
      await expect(view.getByText("This page checks again every 3 seconds.")).toBeVisible();
      await expect(view.getByRole("link", { name: "Check now" })).toBeVisible();
      if (withJavaScript) await expectNoSeriousA11yViolations(view);
      await reload;
      // The page asks again by itself (a refresh without JavaScript, a revalidation with it).
      await expectDashboard(view, expectedFor(person));
    },
  );

  test("a results service that does not answer shows the network error screen, without hanging", async ({
    page,
    participant,
    signedIn,
  }) => {
    const person = await signedIn(page, await participant("hiro"));
    // Every call for this participant goes unanswered, however the page's attempts fall across its loads.
    await setFault({ failNext: 30, delayMs: 6_000, userID: person.userId });
    const started = Date.now();
    await page.reload({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! There Was an Unexpected Issue With the Network");
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  testInBothModes(
    "a report that cannot be had, or gets no answer, shows the download notification over My Results",
    async (view, person) => {
      const label = person.template === "hiro" ? "Nevada Partner Traits" : "Ancestry";
      const userID = person.userId;
      await setFault({ failNext: 1, status: 500, userID });
      await view.getByRole("link", { name: `Read report: ${label}` }).click();
      const notification = view.getByRole("alert").filter({ hasText: "Something Went Wrong with Your Download" });
      await expect(notification).toBeVisible();
      await expect(notification.getByRole("link", { name: "participant support" })).toHaveAttribute(
        "href",
        "mailto:support@dnadiscovery.example",
      );
      // SPEC.md §8: the download error offers a retry, which works once the service answers again.
      const retry = notification.getByRole("button", { name: "Try the download again" });
      await expect(retry).toBeVisible();
      await expect(view).toHaveURL(`${portalUrl}/`);
      expect(view.context().pages()).toHaveLength(1);

      // No answer from the results service: the same notification, and My Results stays.
      await view.reload();
      await setFault({ failNext: 1, status: 599, userID });
      await view.getByRole("link", { name: `Read report: ${label}` }).click();
      await expect(view.getByRole("alert").filter({ hasText: "Something Went Wrong with Your Download" })).toBeVisible();
      await expect(view.getByRole("heading", { level: 1, name: "My Results" })).toBeVisible();
      await expect(view.getByRole("link", { name: `Read report: ${label}` })).toBeVisible();
      await expect(view).toHaveURL(`${portalUrl}/`);
      expect(view.context().pages()).toHaveLength(1);
    },
  );

  test("an expired token ends the session and goes to sign-in", async ({ page, participant, signedIn }) => {
    const person = await signedIn(page, await participant("hiro"));
    await setFault({ failNext: 1, status: 401, userID: person.userId });
    await page.reload();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible({ timeout: 15_000 });
    await page.goto(portalUrl);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(page.url()).not.toBe(`${portalUrl}/`);
  });
});
