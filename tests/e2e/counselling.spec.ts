import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { expectFocusOn } from "./support/focus";
import { expectNothingMovesOnHydration } from "./support/hydration";
import { withJs } from "./support/javascript-mode";
import { outboxFor, outboxMarker } from "./support/outbox";
import { portalUrl } from "./support/stack";

/** A day `days` from now as a date field takes it (the test's windows are far from midnight in Chicago). */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

type Words = { group: string; day: string; from: string; to: string };

async function fillWindow(page: Page, words: Words, date: string, from: string, to: string) {
  const group = page.getByRole("group", { name: words.group });
  await group.getByLabel(words.day).fill(date);
  await group.getByLabel(words.from).fill(from);
  await group.getByLabel(words.to).fill(to);
}

test.describe("asking for a genetic counsellor", () => {
  test("from the health result: the form's errors, the request sent and acknowledged without health detail, a second refused keeping what was typed, then cancelled", async ({
    page,
    ownSignedIn,
  }) => {
    const ada = await ownSignedIn(page, { template: "ada", changes: { results: { dataExports: [] } }, path: "/?lang=en" });
    const marker = await outboxMarker(ada.email);
    await page.locator('[data-app-name="health"]').getByRole("link", { name: "Talk to a genetic counsellor about Health" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Talk to a genetic counsellor" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Nothing chosen: every problem is named, on its field and at the top.
    await page.getByRole("button", { name: "Send request" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toContainText("Choose a phone call or a video call");
    await expect(summary).toContainText("Enter a day");
    await expectNoSeriousA11yViolations(page);

    const first: Words = { group: "When suits you best", day: "Day", from: "From", to: "Until" };
    const fill = async (note: string) => {
      await page.getByRole("radio", { name: "Video call" }).check();
      await page.getByRole("radio", { name: "Spanish" }).check();
      await page.getByLabel("Your time zone").selectOption("America/Chicago");
      await fillWindow(page, first, dayAhead(5), "09:00", "12:00");
      await page.getByLabel(/Anything you would like the counsellor to know/).fill(note);
    };
    await fill("Worried about my children");
    await page.getByRole("button", { name: "Send request" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Genetic counselling" })).toBeVisible();
    await expectFocusOn(page, "Your request was sent.");
    const request = page.locator("[data-counselling-request]").first();
    await expect(request).toContainText("Requested: the counselling team will contact you");
    await expect(request).toContainText("Video call, Spanish");
    await expect(request).toContainText("Times that suit you (America/Chicago)");
    await expect(request).toContainText("9:00");
    await expect(request).toContainText("Worried about my children");
    await expectNoSeriousA11yViolations(page);

    // Acknowledged by e-mail: no report, no result, only a link to sign in.
    let acknowledgement: { subject?: string; body?: string; link?: string } | undefined;
    await expect
      .poll(
        async () => {
          acknowledgement = (await outboxFor(ada.email)).find(
            (message) => !marker.has(String(message.id)) && (message as { subject?: string }).subject?.includes("genetic counsellor"),
          ) as typeof acknowledgement;
          return Boolean(acknowledgement);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(acknowledgement!.subject).toBe("We received your request to talk to a genetic counsellor");
    expect(`${acknowledgement!.subject} ${acknowledgement!.body}`).not.toMatch(/health|exome|cholesterol|children/i);
    expect(acknowledgement!.link).toMatch(/\/counselling$/);

    // The same report again while the first is open: said plainly, and nothing typed is lost.
    await page.goto("/");
    await page.locator('[data-app-name="health"]').getByRole("link", { name: "Talk to a genetic counsellor about Health" }).click();
    await expect(page.getByText("You already have an open request about this result. You can send")).toBeVisible();
    await fill("A second question");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("You already have an open request about this result. Cancel it first")).toBeVisible();
    await expect(page.getByLabel(/Anything you would like the counsellor to know/)).toHaveValue("A second question");
    await expect(page.getByRole("group", { name: first.group }).getByLabel("From")).toHaveValue("09:00");
    await expect(page.getByRole("radio", { name: "Video call" })).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    // Listed on the account, and cancelled there.
    await page.goto("/profile/overview");
    await page.getByRole("link", { name: "Your counselling requests" }).click();
    await page.getByRole("button", { name: "Cancel this request about Health" }).click();
    await expectFocusOn(page, "Your request was cancelled.");
    await expect(page.locator("[data-counselling-request]").first()).toContainText("Cancelled");
    await expect(page.getByRole("button", { name: /Cancel this request/ })).toHaveCount(0);
  });

  test("in Spanish on a phone, from the exome result: a time in the past is refused with what was typed kept", async ({
    page,
    ownSignedIn,
  }) => {
    await ownSignedIn(page, {
      template: "ada",
      changes: { results: { dataExports: [] } },
      viewport: { width: 375, height: 812 },
      path: "/?lang=es",
    });
    await page
      .locator('[data-app-name="exome-download"]')
      .getByRole("link", { name: "Hablar con un asesor genético sobre Descarga del exoma" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Hablar con un asesor genético" })).toBeVisible();
    await expectNoSideways(page);
    await page.getByRole("radio", { name: "Llamada telefónica" }).check();
    await page.getByLabel("Su zona horaria").selectOption("America/Chicago");
    const first: Words = { group: "Cuándo le conviene más", day: "Día", from: "Desde", to: "Hasta" };
    await fillWindow(page, first, dayAhead(-2), "10:00", "11:00");
    await fillWindow(page, { ...first, group: "Otro horario que le conviene" }, dayAhead(6), "16:00", "16:10");
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(page.getByText("Elija un día y una hora en el futuro").first()).toBeVisible();
    await expect(page.getByText("Denos al menos 30 minutos").first()).toBeVisible();
    await expect(page.getByRole("group", { name: first.group }).getByLabel("Desde")).toHaveValue("10:00");
    await expect(page.getByRole("radio", { name: "Llamada telefónica" })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);

    await fillWindow(page, first, dayAhead(4), "10:00", "11:30");
    await fillWindow(page, { ...first, group: "Otro horario que le conviene" }, dayAhead(6), "16:00", "17:00");
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await expectFocusOn(page, "Su solicitud se envió.");
    const request = page.locator("[data-counselling-request]").first();
    await expect(request).toContainText("Descarga del exoma");
    await expect(request).toContainText("Llamada telefónica, Español");
    await expect(request.getByRole("listitem")).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);
  });

  test("bad input to the form gets a translated error and a 4xx, and a report no counsellor talks about has no form", async ({
    page,
    ownSignedIn,
  }) => {
    await ownSignedIn(page, { template: "ada", changes: { results: { dataExports: [] } }, path: "/?lang=en" });
    // The traits report: its share link names it.
    const traitsShare = await page
      .locator('[data-app-name="traits"]')
      .getByRole("link", { name: /Share with a clinician/ })
      .getAttribute("href");
    const traitsApp = new URL(traitsShare!, page.url()).searchParams.get("app")!;
    expect((await page.request.get(`/results/counselling?app=${encodeURIComponent(traitsApp)}`)).status()).toBe(404);
    const health = await page
      .locator('[data-app-name="health"]')
      .getByRole("link", { name: /genetic counsellor/ })
      .getAttribute("href");
    const response = await page.request.post(health!, {
      form: {
        appId: "x",
        contact: "fax",
        language: "en",
        timeZone: "Nowhere/Land",
        window1Date: "2026-02-30",
        window1From: "09:00",
        window1To: "10:00",
      },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Choose a phone call or a video call");
    expect(html).toContain("Choose your time zone");
    await expect(page.locator('[data-app-name="traits"]').getByRole("link", { name: /genetic counsellor/ })).toHaveCount(0);
  });

  test("with JavaScript the browser's time zone is chosen, and nothing on the form moves when the page hydrates", async ({
    browser,
    participant,
    signedIn,
  }) => {
    test.skip(!withJs(), "without JavaScript the server's choice stays");
    const context = await browser.newContext({
      timezoneId: "Europe/Madrid",
      viewport: { width: 375, height: 812 },
      baseURL: portalUrl,
      javaScriptEnabled: true,
    });
    const page = await context.newPage();
    await signedIn(page, await participant("ada", { results: { dataExports: [] } }), { path: "/?lang=en" });
    const form = await page
      .locator('[data-app-name="health"]')
      .getByRole("link", { name: /genetic counsellor/ })
      .getAttribute("href");
    await expectNothingMovesOnHydration(page, form!);
    await expect(page.getByLabel("Your time zone")).toHaveValue("Europe/Madrid");
    await context.close();
  });

  test("a double click without JavaScript posts the form twice at once: one request, and both are shown it sent", async ({
    page,
    ownSignedIn,
  }) => {
    test.skip(withJs(), "with JavaScript the button is busy after the first click; without it the browser posts the form again");
    await ownSignedIn(page, { template: "ada", changes: { results: { dataExports: [] } }, path: "/?lang=en" });
    const form = await page
      .locator('[data-app-name="health"]')
      .getByRole("link", { name: /genetic counsellor/ })
      .getAttribute("href");
    const appId = new URL(form!, page.url()).searchParams.get("app")!;
    const post = () =>
      page.request.post(form!, {
        form: {
          appId,
          contact: "phone",
          language: "en",
          timeZone: "America/Chicago",
          window1Date: dayAhead(7),
          window1From: "13:00",
          window1To: "15:00",
        },
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
    const answers = await Promise.all([post(), post()]);
    expect(answers.map((answer) => answer.status())).toEqual([303, 303]);
    await page.goto("/counselling");
    await expect(page.locator("[data-counselling-request]")).toHaveCount(1);
  });
});
