import { randomBytes } from "node:crypto";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { resultsUrl } from "./support/stack";

/** Lucía's kit with health results ready (FH included), so she can share the FH report. */
const luciaWithHealthResults = {
  kitStatus: 5,
  kitHistory: {
    events: ["2026-08-10", "2026-08-26", "2026-10-07", "2026-10-28", "2026-11-18"].map((date, index) => ({ step: index + 1, date })),
  },
  dateOfBirth: "1991-07-23",
};

test.describe("ending a share", () => {
  test("when the results service does not answer, the page says the share is still open, and ending it again works", async ({
    page,
    participant,
    signedIn,
  }) => {
    const lucia = await signedIn(page, await participant("lucia", { results: luciaWithHealthResults }));
    await page.goto("/?lang=en");
    await page
      .locator('[data-app-name="fh-health"]')
      .getByRole("link", { name: /^Share with a clinician/ })
      .click();
    await page.getByLabel("Who is it for?").fill(`Dr. Rivera ${randomBytes(3).toString("hex")}`);
    await page.getByRole("radio", { name: "7 days" }).check();
    await page.getByRole("button", { name: "Create share" }).click();
    await expect(page.locator("[data-share-code]")).toBeVisible();

    // The next call for Lucía fails, as an unreachable service would.
    const fault = await fetch(`${resultsUrl}/dev/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userID: lucia.userId, failNext: 1, status: 503 }),
    });
    expect(fault.ok).toBe(true);
    await page.getByRole("button", { name: "End this share now" }).click();
    await expect(page.getByText("This share could not be ended")).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "End this share now" }).click();
    await expect(page.getByText("Ended by you")).toBeVisible();
  });

  test("the clinician's pages ask search engines not to keep them", async ({ request }) => {
    const page = await request.get("/shared");
    expect(page.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    const report = await request.get("/shared/report", { maxRedirects: 0 });
    expect(report.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  });
});
