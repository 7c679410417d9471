import type { Page } from "@playwright/test";
import { fullNameOf } from "../support/demo-participants";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { portalUrl, resultsUrl } from "./support/stack";

/** What a participant notices in the first hour: a new account's page, cards, dates, menus and files. */

async function answerNextResultsWith(userID: string, status: number) {
  const response = await fetch(`${resultsUrl}/dev/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ userID, failNext: 1, status }),
  });
  expect(response.ok).toBe(true);
}

const main = (page: Page) => page.getByRole("main");

test.describe("a participant the results service has no record of yet", () => {
  test("sees what comes next at once, not the error page, in English and Spanish", async ({ page, participant, signedIn }) => {
    // Faults are injected for this participant: one of the test's own.
    const greta = await signedIn(page, await participant("greta"));
    // Her first page has had its answer before the next one is made to be 'no record'.
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("My Results");
    for (const language of ["en", "es"] as const) {
      await page.goto(`/?lang=${language}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      // A request of the page's own may take the one answer meant for this load: then ask for another.
      await expect(async () => {
        await answerNextResultsWith(greta.userId, 404);
        const response = await page.goto("/");
        expect(response?.status()).toBe(200);
        await expect(main(page).getByRole("heading", { level: 2 })).toHaveCount(1, { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(language === "en" ? "My Results" : "Mis resultados");
      if (language === "en") {
        await expect(
          main(page).getByText("You don't have DNA tests connected to your account. Please contact support@dnadiscovery.example", {
            exact: true,
          }),
        ).toBeVisible();
        await expect(main(page).getByRole("heading", { level: 2, name: "What happens next" })).toBeVisible();
        await expect(main(page).getByRole("link", { name: "register your kit" })).toHaveAttribute("href", "/kits/register");
        await expect(main(page)).toContainText("up to 12 weeks");
      } else {
        await expect(main(page).getByRole("heading", { level: 2, name: "Próximos pasos" })).toBeVisible();
      }
      await expect(page.getByText("Oh no! There was an unexpected error on our side.")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe("titles", () => {
  test("the network-error and server-error states are titled as their headings", async ({ page, participant, signedIn }) => {
    const greta = await signedIn(page, await participant("greta"));
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("My Results");
    for (const [status, heading] of [
      [599, "Oops! There Was an Unexpected Issue With the Network"],
      [500, "Oh no! There was an unexpected error on our side."],
    ] as const) {
      await expect(async () => {
        const response = await fetch(`${resultsUrl}/dev/faults`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ userID: greta.userId, failNext: 3, status }),
        });
        expect(response.ok).toBe(true);
        await page.goto("/");
        await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(heading, { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page).toHaveTitle(`${heading} | DNA Discovery Program`);
    }
  });
});

test.describe("result cards and the tracker", () => {
  test("a card whose results are not ready says when they will be and offers no report", async ({ page, reader, signedIn }) => {
    await signedIn(page, await reader("carmen"));
    const results = main(page).getByRole("region", { name: "Results" });
    await expect(results.getByRole("heading", { level: 3 })).toHaveText(["Traits", "Ancestry"]);
    await expect(results.getByRole("link", { name: /^Read report/ })).toHaveCount(0);
    await expect(results.getByText("Not ready yet. This report comes when sequencing is complete", { exact: false })).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
  });

  test("Elena's next expected date is on the first step her history has not reached", async ({ page, reader, signedIn }) => {
    await signedIn(page, await reader("elena"));
    const tracker = main(page).getByRole("list", { name: "Sample progress" }).getByRole("listitem");
    await expect(tracker.nth(3)).toContainText("Expected by December 4, 2026");
    await expect(main(page).getByRole("link", { name: "Read report: Traits" })).toBeVisible();
  });

  test("the exome is a named data file: it opens no blank tab and asks for a fresh code first", async ({
    page,
    context,
    reader,
    signedIn,
  }) => {
    await signedIn(page, await reader("ada"));
    const button = main(page).getByRole("button", { name: /^Download your exome file \(VCF, [\d.]+ (kB|MB)\)$/ });
    await expect(button).toBeVisible();
    await button.click();
    // Raw genetic data: the download page (tests/e2e/raw-data-download.spec.ts follows it to the file).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Download your raw genetic data");
    await expect(page).toHaveURL(/\/download\?file=exome&app=/);
    expect(context.pages()).toHaveLength(1);
  });
});

test.describe("the mobile menu", () => {
  test("'Signed in until …' is readable, the account items line up, and Escape closes it", async ({ page, reader, signedIn }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const elena = await signedIn(page, await reader("elena"));
    await page.getByText("Menu", { exact: true }).click();
    await page.getByText(fullNameOf(elena), { exact: true }).last().click();
    const note = page.getByText(/^Signed in until /).last();
    await expect(note).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const lefts = await Promise.all(
      [
        note,
        page.getByRole("button", { name: "Stay signed in" }).last(),
        page.getByRole("link", { name: "Profile overview" }).last(),
        page.getByRole("button", { name: "Log out" }).last(),
      ].map(async (item) => Math.round((await item.boundingBox())!.x)),
    );
    expect(new Set(lefts).size, `left edges ${lefts.join(", ")}`).toBe(1);
    if (testInfo.project.name === "js") {
      await page.getByRole("link", { name: "Profile overview" }).last().focus();
      await page.keyboard.press("Escape");
      await expect(note).toBeHidden();
      await expect(page.getByRole("link", { name: "Profile overview" }).last()).toBeHidden();
      // The menu is closed, and focus is back on what opens it.
      await expect(page.getByText(fullNameOf(elena), { exact: true }).last()).toBeHidden();
      expect(await page.evaluate(() => document.activeElement?.closest("summary")?.textContent?.trim())).toBe("Menu");
    }
  });
});

test.describe("the profile at 375 px", () => {
  test("the Login & Security card names both what it holds", async ({ page, reader, signedIn }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedIn(page, await reader("elena"), { path: "/profile" });
    await expect(main(page).getByText("Your password and sign-in methods", { exact: true })).toBeVisible();
  });
});

/** The document's head and body, to see where a refresh was put. */
function headAndBody(html: string) {
  return { head: html.slice(0, html.indexOf("</head>")), body: html.slice(html.indexOf("<body")) };
}

test.describe("documents", () => {
  test("a portal document has one doctype, the first thing in it", async ({ request }) => {
    for (const path of ["/session-expired", "/accessibility", "/no-such-page"]) {
      const html = await (await request.get(`${portalUrl}${path}`)).text();
      expect(html.startsWith("<!DOCTYPE html>"), path).toBe(true);
      expect(html.match(/<!DOCTYPE/gi), path).toHaveLength(1);
    }
  });

  test("the expired-session page refreshes from the head", async ({ request }) => {
    const { head, body } = headAndBody(await (await request.get(`${portalUrl}/session-expired`)).text());
    expect(head).toMatch(/<noscript><meta http-equiv="refresh" content="3; url=\/auth\/sign-in[^"]*"\/><\/noscript>/);
    expect(body).not.toContain('http-equiv="refresh"');
  });

  test("the waiting page refreshes from the head", async ({ page, participant, signedIn }, testInfo) => {
    test.skip(testInfo.project.name === "js", "one document request is enough: the HTML is the same in both modes");
    const greta = await signedIn(page, await participant("greta"));
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("My Results");
    const response = await fetch(`${resultsUrl}/dev/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ userID: greta.userId, failNext: 1, delayMs: 4_000 }),
    });
    expect(response.ok).toBe(true);
    const { head, body } = headAndBody(await (await page.request.get(`${portalUrl}/`)).text());
    expect(body).toContain("Gathering your information...");
    expect(head).toMatch(/<noscript><meta http-equiv="refresh" content="3; url=\/"\/><\/noscript>/);
    expect(body).not.toContain('http-equiv="refresh"');
  });
});
