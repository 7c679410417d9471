import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { fullNameOf } from "../support/demo-participants";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { expectFocusOn } from "./support/focus";
import { withJs } from "./support/javascript-mode";
import { useLanguage } from "./support/language";
import { outboxFor, outboxMarker } from "./support/outbox";
import { identityUrl, portalUrl } from "./support/stack";

const ADA_BIRTH_DATE = "1984-03-09";
const LUCIA_BIRTH_DATE = "1991-07-23";

/** Lucía's kit a step further: health results (FH included) are ready at kit status 5. */
const luciaWithHealthResults = {
  kitStatus: 5,
  kitHistory: {
    events: ["2026-08-10", "2026-08-26", "2026-10-07", "2026-10-28", "2026-11-18"].map((date, index) => ({ step: index + 1, date })),
  },
  dateOfBirth: LUCIA_BIRTH_DATE,
};

/** Nothing wider than the screen: no sideways scrolling at this width. */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Waits for an e-mail to `to` with this subject about the share with `recipient`, sent after `marker`. */
async function expectEmail(to: string, marker: Set<string>, subject: string, recipient: string) {
  await expect
    .poll(
      async () =>
        (await outboxFor(to)).some((message) => {
          const { subject: sent, body } = message as { subject?: string; body?: string };
          return !marker.has(String(message.id)) && sent === subject && Boolean(body?.includes(recipient));
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** From the result card: who it is for and how long; answers the share's page with its code and link. */
async function shareFromCard(
  page: Page,
  appName: string,
  recipient: string,
  words: { share: RegExp; who: string; days: string; create: string; created: string },
) {
  await page.goto("/");
  const card = page.locator(`[data-app-name="${appName}"]`);
  await card.getByRole("link", { name: words.share }).click();
  await page.getByLabel(words.who).fill(recipient);
  await page.getByRole("radio", { name: words.days }).check();
  await page.getByRole("button", { name: words.create }).click();
  await expect(page.locator("[data-share-code]")).toBeVisible();
  // The notice above the code and link has focus, not <body>.
  await expectFocusOn(page, words.created);
  const code = (await page.locator("[data-share-code]").textContent())!.trim();
  const link = (await page.locator("[data-share-link]").textContent())!.trim();
  return { code, link, sharePage: page.url() };
}

/** A results link for the participant, as a results e-mail opens one (the identity provider's development route). */
async function resultsLinkFor(email: string): Promise<string> {
  const response = await fetch(`${identityUrl}/dev/results-link`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { url: string }).url;
}

/** A clinician's browser: no account, nobody signed in, JavaScript as the project runs it. */
async function clinicianPage(browser: Browser, language: "en" | "es", viewport: { width: number; height: number }) {
  const context = await browser.newContext({ javaScriptEnabled: withJs(), viewport, baseURL: portalUrl });
  await useLanguage(context, language);
  return context.newPage();
}

test.describe("sharing a result with a clinician", () => {
  test("a participant shares the FH result; the clinician opens it with the link or the code and the date of birth; the participant sees it opened and ends it", async ({
    page,
    browser,
    participant,
    signedIn,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const lucia = await signedIn(page, await participant("lucia", { results: luciaWithHealthResults }));
    await page.goto("/?lang=en");
    const recipient = `Dr. Rivera ${randomBytes(3).toString("hex")}`;
    const marker = await outboxMarker(lucia.email);
    const { code, link, sharePage } = await shareFromCard(page, "fh-health", recipient, {
      share: /^Share with a clinician/,
      who: "Who is it for?",
      days: "7 days",
      create: "Create share",
      created: "Your share is ready.",
    });
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(link).toMatch(new RegExp(`^${portalUrl}/shared\\?link=[A-Za-z0-9_-]{43}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/hypercholesterolemia/i);
    await expect(page.getByText(recipient)).toBeVisible();
    await expect(page.getByText("Not opened yet.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectEmail(lucia.email, marker, "You shared a report", recipient);

    // The clinician: the link and the date of birth, no account.
    const clinician = await clinicianPage(browser, "en", { width: 1366, height: 900 });
    await clinician.goto(link);
    await expect(clinician.getByRole("heading", { level: 1, name: "Open a shared report" })).toBeVisible();
    // The clinician's pages work as plain HTML and are sent without any script.
    await expect(clinician.locator("script, link[rel=modulepreload]")).toHaveCount(0);
    await expect(clinician.getByLabel("Share code")).toHaveCount(0);
    await clinician.getByLabel("Participant's date of birth").fill(LUCIA_BIRTH_DATE);
    await clinician.getByRole("button", { name: "Open report" }).click();
    await expect(clinician.getByRole("heading", { level: 1, name: "Shared report" })).toBeVisible();
    await expect(clinician.getByText(`Shared by ${fullNameOf(lucia)}`)).toBeVisible();
    await expect(clinician.getByText(`Shared with ${recipient} until`)).toBeVisible();
    await expect(clinician.getByRole("heading", { level: 2, name: /Familial hypercholesterolemia report/ })).toBeVisible();
    await expect(clinician.getByRole("rowheader", { name: "LDLR" })).toBeVisible();
    await expect(clinician.locator("script, link[rel=modulepreload]")).toHaveCount(0);
    // Only that report: no menu, no other results.
    await expect(clinician.getByRole("button", { name: /log out/i })).toHaveCount(0);
    await expectNoSeriousA11yViolations(clinician);
    const pdf = await clinician.request.get("/shared/report.pdf");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // Then the code, typed as read aloud.
    await clinician.getByRole("button", { name: "Close this report" }).click();
    await expect(clinician.getByText("You closed the shared report.")).toBeVisible();
    await clinician.getByLabel("Share code").fill(code.toLowerCase().replace("-", ""));
    await clinician.getByLabel("Participant's date of birth").fill(LUCIA_BIRTH_DATE);
    await clinician.getByRole("button", { name: "Open report" }).click();
    await expect(clinician.getByText(`Shared by ${fullNameOf(lucia)}`)).toBeVisible();

    // The participant sees both openings, from what kind of device, and is e-mailed.
    await expectEmail(lucia.email, marker, "Your shared report was opened", recipient);
    await page.goto(sharePage);
    const openings = page.getByRole("region", { name: "When it was opened" }).getByRole("listitem");
    await expect(openings).toHaveCount(2);
    await expect(openings.first()).toContainText("from a computer (Chrome)");

    // Ended at once: the clinician's open page and the code both stop working.
    await page.getByRole("button", { name: "End this share now" }).click();
    await expect(page.getByText("Ended by you")).toBeVisible();
    await expect(page.locator("[data-share-code]")).toHaveCount(0);
    await expectEmail(lucia.email, marker, "You ended a share", recipient);
    await clinician.reload();
    await expect(clinician.getByText("This shared report is not open.", { exact: false })).toBeVisible();
    await clinician.goto("/shared");
    await clinician.getByLabel("Share code").fill(code);
    await clinician.getByLabel("Participant's date of birth").fill(LUCIA_BIRTH_DATE);
    await clinician.getByRole("button", { name: "Open report" }).click();
    await expect(clinician.getByText("This share has ended.", { exact: false })).toBeVisible();

    // The profile lists it.
    await page.goto("/profile/overview");
    await page.getByRole("link", { name: "Your shared reports" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: recipient })).toContainText("Ended by you");
    await clinician.context().close();
  });

  test("in Spanish on a phone: a wrong date of birth answers as an unknown code, another participant's code opens nothing, and five wrong dates lock the share", async ({
    page,
    browser,
    ownSignedIn,
  }) => {
    // The share locks after five wrong dates: a participant of the test's own, with no download being prepared.
    const changes = { results: { dataExports: [], dateOfBirth: ADA_BIRTH_DATE } };
    await ownSignedIn(page, { template: "ada", changes, viewport: { width: 375, height: 812 }, path: "/?lang=es" });
    const recipient = `Dra. Soto ${randomBytes(3).toString("hex")}`;
    const { code } = await shareFromCard(page, "health", recipient, {
      share: /^Compartir con un profesional de salud/,
      who: "¿Para quién es?",
      days: "1 día",
      create: "Crear acceso compartido",
      created: "Su acceso compartido está listo.",
    });
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);

    const clinician = await clinicianPage(browser, "es", { width: 375, height: 812 });
    const attempt = async (typedCode: string, birthDate: string) => {
      await clinician.goto("/shared");
      await clinician.getByLabel("Código para compartir").fill(typedCode);
      await clinician.getByLabel("Fecha de nacimiento del participante").fill(birthDate);
      await clinician.getByRole("button", { name: "Abrir informe" }).click();
      return clinician.getByRole("alert").or(clinician.locator("[role=status]")).first();
    };
    const noMatch = "Este código y esta fecha de nacimiento no corresponden a un acceso abierto.";
    await expect(await attempt(code, "1984-03-10")).toContainText(noMatch);
    await expectFocusOn(clinician, noMatch);
    await expectNoSeriousA11yViolations(clinician);
    await expectNoSideways(clinician);
    await expect(await attempt("ZZZZZ-ZZZZZ", ADA_BIRTH_DATE)).toContainText(noMatch);
    // Lucía's date of birth does not open Ada's code.
    await expect(await attempt(code, LUCIA_BIRTH_DATE)).toContainText(noMatch);
    for (let wrong = 3; wrong <= 5; wrong++) await expect(await attempt(code, `1990-01-0${wrong}`)).toContainText(noMatch);
    // Five wrong dates of birth: the right one opens nothing now.
    await expect(await attempt(code, ADA_BIRTH_DATE)).toContainText("Este acceso terminó.");

    await page.goto("/shares");
    await expect(page.getByRole("listitem").filter({ hasText: recipient })).toContainText("Bloqueado por fechas de nacimiento incorrectas");
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);
    await clinician.context().close();
  });

  test("bad input on the clinician's page gets a translated error and a 4xx", async ({ page }) => {
    const response = await page.request.post("/shared", { form: { code: "not a code", dateOfBirth: "2999-01-01" } });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter the share code as you were given it");
    expect(html).toContain("Enter a real date of birth");
  });

  test("a share form sent without whom it is for says so, and creates nothing", async ({ page, ownSignedIn }) => {
    await ownSignedIn(page, { template: "lucia", changes: { results: luciaWithHealthResults }, path: "/?lang=en" });
    await page
      .locator('[data-app-name="fh-health"]')
      .getByRole("link", { name: /^Share with a clinician/ })
      .click();
    await page.getByRole("button", { name: "Create share" }).click();
    await expect(page.getByRole("link", { name: "Enter who the report is for" })).toBeVisible();
    await expect(page.locator("[data-share-code]")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("an answer lost on its way back: creating the share again shows the same share and its code, and no second share exists", async ({
    page,
    browser,
    ownSignedIn,
  }) => {
    const changes = { results: luciaWithHealthResults };
    await ownSignedIn(page, { template: "lucia", changes, viewport: { width: 375, height: 812 }, path: "/?lang=en" });
    const recipient = `Dr. Lost ${randomBytes(3).toString("hex")}`;
    await page
      .locator('[data-app-name="fh-health"]')
      .getByRole("link", { name: /^Share with a clinician/ })
      .click();
    await expect(page.getByLabel("Who is it for?")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const formPage = page.url();
    const fillForm = async () => {
      await page.getByLabel("Who is it for?").fill(recipient);
      await page.getByRole("radio", { name: "30 days" }).check();
    };

    // The portal creates the share, and its answer never reaches the browser.
    let lost = 0;
    await page.route(
      (url) => url.pathname.startsWith("/shares/new"),
      async (route) => {
        if (route.request().method() !== "POST" || lost > 0) return route.fallback();
        await route.fetch({ maxRedirects: 0 });
        lost++;
        await route.abort("connectionreset");
      },
    );
    await fillForm();
    await page.getByRole("button", { name: "Create share" }).click();
    await expect.poll(() => lost).toBe(1);
    // Without JavaScript the browser shows its own error page; with it, the page stays where it was.
    if (!withJs()) await expect.poll(() => page.url()).toMatch(/^chrome-error:/);

    // The participant tries again, as anyone would: the same share, and its code.
    await page.goto(formPage);
    await fillForm();
    await page.getByRole("button", { name: "Create share" }).click();
    await expect(page.locator("[data-share-code]")).toBeVisible();
    const code = (await page.locator("[data-share-code]").textContent())!.trim();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    await expect(page.getByText(recipient)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/shares");
    await expect(page.getByRole("listitem").filter({ hasText: recipient })).toHaveCount(1);

    // The code shown is the share's own: it opens the report.
    const clinician = await clinicianPage(browser, "en", { width: 375, height: 812 });
    await clinician.goto("/shared");
    await clinician.getByLabel("Share code").fill(code);
    await clinician.getByLabel("Participant's date of birth").fill(LUCIA_BIRTH_DATE);
    await clinician.getByRole("button", { name: "Open report" }).click();
    await expect(clinician.getByText(`Shared with ${recipient} until`)).toBeVisible();
    await clinician.context().close();
  });

  test("a double click without JavaScript posts the form twice at once: one share", async ({ page, ownSignedIn }) => {
    test.skip(withJs(), "with JavaScript the button is busy after the first click; without it the browser posts the form again");
    const changes = { results: luciaWithHealthResults };
    await ownSignedIn(page, { template: "lucia", changes, path: "/?lang=en" });
    const recipient = `Dr. Twice ${randomBytes(3).toString("hex")}`;
    await page
      .locator('[data-app-name="fh-health"]')
      .getByRole("link", { name: /^Share with a clinician/ })
      .click();
    const form = page.locator("form").filter({ has: page.getByLabel("Who is it for?") });
    const fields = Object.fromEntries(
      await form
        .locator('input[type="hidden"]')
        .evaluateAll((inputs) => inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value])),
    );
    const post = () =>
      page.request.post(page.url(), {
        form: { ...fields, recipient, days: "7" },
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
    const answers = await Promise.all([post(), post()]);
    expect(answers.map((answer) => answer.status())).toEqual([303, 303]);
    await page.goto("/shares");
    await expect(page.getByRole("listitem").filter({ hasText: recipient })).toHaveCount(1);
  });
});

test.describe("a results-link visitor", () => {
  for (const language of ["en", "es"] as const) {
    test(`is offered the report but not 'Share with a clinician', which needs a full sign-in (${language})`, async ({
      page,
      participant,
    }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      const ada = await participant("ada");
      await page.goto(await resultsLinkFor(ada.email));
      await page.goto(`/?lang=${language}`);
      const card = page.locator('[data-app-name="health"]');
      await expect(card.getByRole("link", { name: language === "en" ? /^Read report/ : /^Leer el informe/ })).toBeVisible();
      await expect(
        page.getByRole("link", { name: language === "en" ? /Share with a clinician/ : /Compartir con un profesional de salud/ }),
      ).toHaveCount(0);
      await expect(
        page.getByText(
          language === "en"
            ? "To share a report with a clinician, log out and sign in with your email and password."
            : "Para compartir un informe con un profesional de salud, cierre la sesión e inicie sesión con su correo electrónico y contraseña.",
        ),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // The report reads as a page with a results link too.
      await card.getByRole("link", { name: language === "en" ? /^Read report/ : /^Leer el informe/ }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        language === "en" ? "Health — Health report" : "Salud — Informe de salud",
      );
    });
  }
});

/** The page frame every page has: the first heading stands clear of the screen's left edge and of the header. */
async function expectFramed(page: Page) {
  const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  const header = (await page.getByRole("banner").boundingBox())!;
  expect(heading.x, "space at the left of the first heading").toBeGreaterThanOrEqual(16);
  expect(heading.y - (header.y + header.height), "space between the header and the first heading").toBeGreaterThanOrEqual(16);
}

test.describe("the share pages and the clinician's pages", () => {
  for (const [language, viewport] of [
    ["en", { width: 1366, height: 900 }],
    ["es", { width: 375, height: 812 }],
  ] as const) {
    test(`have the page frame every other page has (${language}, ${viewport.width} px)`, async ({ page, browser, ownSignedIn }) => {
      const changes = { results: { dataExports: [], dateOfBirth: ADA_BIRTH_DATE } };
      await ownSignedIn(page, { template: "ada", changes, viewport, path: `/?lang=${language}` });
      const words =
        language === "en"
          ? {
              share: /^Share with a clinician/,
              who: "Who is it for?",
              days: "7 days",
              create: "Create share",
              created: "Your share is ready.",
            }
          : {
              share: /^Compartir con un profesional de salud/,
              who: "¿Para quién es?",
              days: "1 día",
              create: "Crear acceso compartido",
              created: "Su acceso compartido está listo.",
            };
      // My Results, for comparison: the frame the other pages are measured against.
      await expectFramed(page);
      await page.goto((await page.locator('[data-app-name="health"]').getByRole("link", { name: words.share }).getAttribute("href"))!);
      await expectFramed(page);
      const { code } = await shareFromCard(page, "health", `Dr. Frame ${randomBytes(3).toString("hex")}`, words);
      await expectFramed(page);
      await expectNoSeriousA11yViolations(page);
      await page.goto("/shares");
      await expectFramed(page);

      const clinician = await clinicianPage(browser, language, viewport);
      await clinician.goto("/shared");
      await expectFramed(clinician);
      await clinician.getByLabel(language === "en" ? "Share code" : "Código para compartir").fill(code);
      await clinician
        .getByLabel(language === "en" ? "Participant's date of birth" : "Fecha de nacimiento del participante")
        .fill(ADA_BIRTH_DATE);
      await clinician.getByRole("button", { name: language === "en" ? "Open report" : "Abrir informe" }).click();
      await expect(clinician.getByRole("button", { name: language === "en" ? "Close this report" : /Cerrar/ })).toBeVisible();
      await expectFramed(clinician);
      await expectNoSeriousA11yViolations(clinician);
      await clinician.context().close();
    });
  }
});
