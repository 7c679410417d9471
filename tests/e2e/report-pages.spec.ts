import type { Page } from "@playwright/test";
import { drawnText } from "../support/pdf-text";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { expectNothingMovesOnHydration } from "./support/hydration";
import { withJs } from "./support/javascript-mode";
import { screenMatrix, seenInThisMode, viewports } from "./support/matrix";
import { portalUrl } from "./support/stack";

/** What Ada's ancestry report says, in each language the program writes reports in. */
const words = {
  en: {
    myResults: "My Results",
    card: "Read report: Ancestry",
    title: "Ancestry — Ancestry report",
    sections: ["About this report", "Ancestry composition"],
    notice: "This report was generated from demonstration data.",
    date: "Report date",
    region: "Northwestern European",
    pdf: "Download this report as a PDF (opens in a new tab)",
    back: "Back to My Results",
  },
  es: {
    myResults: "Mis resultados",
    card: "Leer el informe: Ascendencia",
    title: "Ascendencia — Informe de ascendencia",
    sections: ["Acerca de este informe", "Composición de ascendencia"],
    notice: "Este informe se generó con datos de demostración.",
    date: "Fecha del informe",
    region: "Europa del Noroeste",
    pdf: "Descargar este informe en PDF (se abre en una pestaña nueva)",
    back: "Volver a Mis resultados",
  },
} as const;

/** Nothing wider than the screen: no sideways scrolling at this width. */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe("reading a report in the portal", () => {
  for (const screen of screenMatrix) {
    const { viewport, language } = screen;
    test(`a result card opens its report as a page, with real headings and its PDF beside it (${viewport.width} px, ${language})`, async ({
      page,
      reader,
      signedIn,
    }) => {
      test.skip(!seenInThisMode(screen, withJs()), "seen in the other mode");
      const w = words[language];
      await page.setViewportSize(viewport);
      await signedIn(page, await reader("ada"), { path: `/?lang=${language}` });
      await page.goto(`/?lang=${language}`);
      await page.locator('[data-app-name="ancestry"]').getByRole("link", { name: w.card }).click();

      // The report is the page: its title the page's heading and title, its sections the headings under it.
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(w.title);
      // With JavaScript the page comes without a load: the keyboard starts at its title, as after one.
      if (withJs()) await expect(main.getByRole("heading", { level: 1 })).toBeFocused();
      await expect(page).toHaveTitle(new RegExp(`^${w.title} \\|`));
      await expect(main.getByRole("heading")).toHaveText([w.title, ...w.sections]);
      await expect(main.getByRole("heading", { level: 2 })).toHaveText([...w.sections]);
      await expect(main.locator("article")).toHaveAttribute("lang", language);
      await expect(main.getByText(w.notice, { exact: false })).toBeVisible();
      await expect(main.getByRole("rowheader", { name: w.date })).toBeVisible();
      await expect(main.getByRole("row", { name: new RegExp(`${w.region}\\s*41%`) })).toBeVisible();

      // Readable at this width, and at 200 % zoom (half the CSS width), without sideways scrolling.
      await expectNoSideways(page);
      if (viewport.name === "desktop") {
        await page.setViewportSize({ width: Math.floor(viewport.width / 2), height: Math.floor(viewport.height / 2) });
        await expectNoSideways(page);
        const table = (await main.locator("table").first().boundingBox())!;
        expect(table.x + table.width).toBeLessThanOrEqual(viewport.width / 2);
        await page.setViewportSize(viewport);
      }
      await expectNoSeriousA11yViolations(page);

      // The PDF beside it: the same report, in the same language, in a new tab.
      const pdf = main.getByRole("link", { name: w.pdf });
      await expect(pdf).toHaveAttribute("target", "_blank");
      const file = await page.request.get(new URL((await pdf.getAttribute("href"))!, portalUrl).href);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("application/pdf");
      const body = await file.body();
      expect(body.toString("latin1")).toContain(`/Lang (${language})`);
      // The same words: every heading, paragraph and table cell of the page is drawn in the PDF
      // (where the PDF wraps a line, its words are compared without the spaces between them).
      const squeezed = (text: string) => text.replace(/\s+/g, "");
      const inPdf = squeezed(drawnText(body));
      const reportWords = await main.locator("article h1, article section :is(h2, p, th, td)").allInnerTexts();
      expect(reportWords.length).toBeGreaterThan(8);
      for (const text of reportWords) expect(inPdf, text).toContain(squeezed(text));

      await main.getByRole("link", { name: w.back }).click();
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(w.myResults);
    });
  }

  for (const viewport of viewports) {
    test(`at ${viewport.width} px nothing on a report's page moves when it hydrates`, async ({ page, reader, signedIn }) => {
      test.skip(!withJs(), "without JavaScript nothing hydrates");
      await page.setViewportSize(viewport);
      await signedIn(page, await reader("ada"), { path: "/?lang=en" });
      const href = await page.getByRole("link", { name: words.en.card }).getAttribute("href");
      await expectNothingMovesOnHydration(page, href!);
    });
  }

  test("raw genetic data has no report page: its address goes to the download, which asks for a fresh code first", async ({
    page,
    reader,
    signedIn,
  }) => {
    await signedIn(page, await reader("ada"), { path: "/?lang=en" });
    const exome = await page.locator('[data-app-name="exome-download"] input[name="app"]').getAttribute("value");
    await page.goto(`/results/report?app=${encodeURIComponent(exome!)}`);
    await expect(page).toHaveURL(`${portalUrl}/download?file=exome&app=${encodeURIComponent(exome!)}`);
    await page.goto(`/results/report.pdf?app=${encodeURIComponent(exome!)}`);
    await expect(page).toHaveURL(`${portalUrl}/download?file=exome&app=${encodeURIComponent(exome!)}`);
  });

  test("an address that names no app is a translated 400", async ({ page, reader, signedIn }) => {
    await signedIn(page, await reader("ada"), { path: "/?lang=es" });
    const response = await page.goto("/results/report?app=..");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("No se pudo entender la solicitud.", { exact: false })).toBeVisible();
  });
});
