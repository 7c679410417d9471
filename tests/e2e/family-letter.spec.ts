import type { Browser, Page } from "@playwright/test";
import { fullNameOf } from "../support/demo-participants";
import { templateRecord } from "../support/participant-templates";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { expectFocusOn } from "./support/focus";
import { withJs } from "./support/javascript-mode";
import { useLanguage } from "./support/language";
import { identityUrl, portalUrl } from "./support/stack";

/** Lucía's kit a step further: her FH result is ready at kit status 5. */
const luciaWithHealthResults = {
  kitStatus: 5,
  kitHistory: {
    events: ["2026-08-10", "2026-08-26", "2026-10-07", "2026-10-28", "2026-11-18"].map((date, index) => ({ step: index + 1, date })),
  },
};

/** The same, and her FH report found a pathogenic LDLR variant: the card offers the letter. */
const luciaWithFhFinding = {
  ...luciaWithHealthResults,
  apps: templateRecord("lucia").apps.map((app) =>
    app.appName === "fh-health"
      ? {
          ...app,
          fhFinding: { gene: "LDLR" as const, variant: "NM_000527.5:c.1775G>A (p.Gly592Glu)", classification: "pathogenic" as const },
        }
      : app,
  ),
};

/** Nothing wider than the screen: no sideways scrolling at this width. */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** A relative's browser: no account, nobody signed in, JavaScript as the project runs it. */
async function relativePage(browser: Browser, language: "en" | "es", viewport: { width: number; height: number }) {
  const context = await browser.newContext({ javaScriptEnabled: withJs(), viewport, baseURL: portalUrl });
  await useLanguage(context, language);
  return context.newPage();
}

test.describe("a letter for the family after an FH result", () => {
  test("the participant makes the letter (page and PDF, English and Spanish); a relative reads it with the code; the participant sees the use and ends the code", async ({
    page,
    browser,
    participant,
    signedIn,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const lucia = await signedIn(page, await participant("lucia", { results: luciaWithFhFinding }));
    await page.goto("/?lang=en");
    // The report says what was found, in plain words.
    await page
      .locator('[data-app-name="fh-health"]')
      .getByRole("link", { name: /^Read report/ })
      .click();
    await expect(page.getByText("A pathogenic variant was found in the LDLR gene: NM_000527.5:c.1775G>A (p.Gly592Glu).")).toBeVisible();
    await page.goto("/?lang=en");
    await page
      .locator('[data-app-name="fh-health"]')
      .getByRole("link", { name: /^Letter for your family/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "A letter for your family" })).toBeVisible();
    await page.getByRole("button", { name: "Make the letter" }).click();
    await expect(page.getByText("Your family letter is ready")).toBeVisible();
    const letterPage = page.url();
    const code = (await page.locator("[data-relative-code]").textContent())!.trim();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    await expect(page.locator("[data-relative-uses]")).toHaveText("0");
    await expect(page.getByRole("heading", { level: 3, name: "What FH is" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "How to get tested" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Your relative code" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The same letter as a PDF: tagged, in the letter's language.
    const pdfHref = await page.getByRole("link", { name: "Download the letter (PDF)" }).getAttribute("href");
    const pdf = await page.request.get(pdfHref!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const bytes = (await pdf.body()).toString("latin1");
    expect(bytes.startsWith("%PDF-")).toBe(true);
    expect(bytes).toContain("/StructTreeRoot");
    expect(bytes).toMatch(/\/Lang \(en\)/);
    // In Spanish, with the page still in English.
    await page.getByRole("link", { name: "Carta en español" }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Qué es la HF" })).toBeVisible();
    await expect(page.locator("[data-relative-code]")).toHaveText(code);

    // A relative, no account: the code opens the letter and nothing of Lucía's.
    const relative = await relativePage(browser, "en", { width: 1366, height: 900 });
    await relative.goto("/family");
    await expect(relative.getByRole("heading", { level: 1, name: "A letter from your family" })).toBeVisible();
    await expect(relative.locator("script, link[rel=modulepreload]")).toHaveCount(0);
    await expectNoSeriousA11yViolations(relative);
    await relative.getByLabel("Relative code").fill(code.toLowerCase().replace("-", ""));
    await relative.getByRole("button", { name: "Read the letter" }).click();
    await expect(relative.getByRole("heading", { level: 3, name: "Why relatives should be tested" })).toBeVisible();
    await expect(relative.getByText(fullNameOf(lucia))).toHaveCount(0);
    await expect(relative.getByText(lucia.firstName as string, { exact: false })).toHaveCount(0);
    await expect(relative.getByRole("rowheader", { name: "LDLR" })).toHaveCount(0);
    await expect(relative.getByRole("button", { name: /log out/i })).toHaveCount(0);
    await expectNoSeriousA11yViolations(relative);

    // Lucía sees one use, never by whom, and ends the code.
    await page.goto(letterPage);
    await expect(page.locator("[data-relative-uses]")).toHaveText("1");
    await page.getByRole("button", { name: "End this code" }).click();
    await expect(page.getByText("The code is ended. It no longer opens the letter.")).toBeVisible();
    await expect(page.locator("[data-earlier-letter]")).toContainText(`${code}: Ended by you, used 1 times`);
    await expect(page.getByRole("button", { name: "Make the letter" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The ended code: a clear error, and what was typed stays.
    await relative.goto("/family");
    await relative.getByLabel("Relative code").fill(code);
    await relative.getByRole("button", { name: "Read the letter" }).click();
    const ended = "This code was ended by the person who sent the letter.";
    await expect(relative.getByText(ended, { exact: false })).toBeVisible();
    await expectFocusOn(relative, ended);
    await expect(relative.getByLabel("Relative code")).toHaveValue(code);
    await expectNoSeriousA11yViolations(relative);
    await relative.context().close();
  });

  test("in Spanish on a phone: the letter, and a relative's mistyped and unknown codes get clear errors that keep what was typed", async ({
    page,
    browser,
    ownSignedIn,
  }) => {
    await ownSignedIn(page, {
      template: "lucia",
      changes: { results: luciaWithFhFinding },
      viewport: { width: 375, height: 812 },
      path: "/?lang=es",
    });
    await page
      .locator('[data-app-name="fh-health"]')
      .getByRole("link", { name: /^Carta para su familia/ })
      .click();
    await page.getByRole("button", { name: "Crear la carta" }).click();
    await expect(page.getByRole("heading", { level: 3, name: "Por qué sus familiares deben hacerse la prueba" })).toBeVisible();
    const code = (await page.locator("[data-relative-code]").textContent())!.trim();
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);

    const relative = await relativePage(browser, "es", { width: 375, height: 812 });
    await relative.goto("/family");
    await relative.getByLabel("Código para familiares").fill("abc");
    await relative.getByRole("button", { name: "Leer la carta" }).click();
    await expect(relative.getByText("Escriba el código tal como aparece en la carta", { exact: false }).first()).toBeVisible();
    await expect(relative.getByLabel("Código para familiares")).toHaveValue("abc");
    await expectNoSeriousA11yViolations(relative);

    await relative.getByLabel("Código para familiares").fill("ZZZZZ-ZZZZZ");
    await relative.getByRole("button", { name: "Leer la carta" }).click();
    const noMatch = "Este código no coincide con ninguna carta.";
    await expect(relative.getByText(noMatch, { exact: false })).toBeVisible();
    await expect(relative.getByLabel("Código para familiares")).toHaveValue("ZZZZZ-ZZZZZ");
    await expectNoSeriousA11yViolations(relative);
    await expectNoSideways(relative);

    await relative.getByLabel("Código para familiares").fill(code);
    await relative.getByRole("button", { name: "Leer la carta" }).click();
    await expect(relative.getByRole("heading", { level: 3, name: "Cómo hacerse la prueba" })).toBeVisible();
    await expect(relative.getByRole("rowheader", { name: "Su código para familiares" })).toBeVisible();
    await expectNoSeriousA11yViolations(relative);
    await expectNoSideways(relative);
    await relative.context().close();
  });

  test("a results-link visitor is not offered the letter, and its page asks for a full sign-in", async ({ page, participant }) => {
    const lucia = await participant("lucia", { results: luciaWithFhFinding });
    const response = await fetch(`${identityUrl}/dev/results-link`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: lucia.email }),
    });
    expect(response.ok).toBe(true);
    await page.goto(((await response.json()) as { url: string }).url);
    await page.goto("/?lang=en");
    const card = page.locator('[data-app-name="fh-health"]');
    await expect(card.getByRole("link", { name: /^Read report/ })).toBeVisible();
    await expect(card.getByRole("link", { name: /Letter for your family/ })).toHaveCount(0);
    const letterPage = await page.request.get("/results/family-letter?app=x", { maxRedirects: 0 });
    expect(letterPage.status()).toBeGreaterThanOrEqual(300);
    expect(letterPage.status()).toBeLessThan(500);
    expect(await letterPage.text()).not.toContain("Make the letter");
  });

  test("an FH report that found no variant says so, offers no letter, and the letter's address is not found (English and Spanish)", async ({
    page,
    participant,
    signedIn,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signedIn(page, await participant("lucia", { results: luciaWithHealthResults }));
    await page.goto("/?lang=en");
    const card = page.locator('[data-app-name="fh-health"]');
    await expect(card.getByRole("link", { name: /^Read report/ })).toBeVisible();
    await expect(card.getByRole("link", { name: /Letter for your family/ })).toHaveCount(0);
    const appId = luciaWithFhFinding.apps.find((app) => app.appName === "fh-health")!.appID;
    await card.getByRole("link", { name: /^Read report/ }).click();
    await expect(
      page.getByText("No pathogenic or likely pathogenic variant was found in LDLR, APOB or PCSK9.", { exact: false }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const english = await page.goto(`/results/family-letter?app=${encodeURIComponent(appId)}`);
    expect(english!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "We can't find that page" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Make the letter" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.goto("/?lang=es");
    await expect(card.getByRole("link", { name: /Carta para su familia/ })).toHaveCount(0);
    const spanish = await page.goto(`/results/family-letter?app=${encodeURIComponent(appId)}`);
    expect(spanish!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "No encontramos esa página" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the relatives' page asks search engines not to keep it", async ({ request }) => {
    const page = await request.get("/family");
    expect(page.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.headers()["cache-control"]).toBe("no-store");
  });
});
