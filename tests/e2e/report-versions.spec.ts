import type { Page } from "@playwright/test";
import { templateRecord } from "../support/participant-templates";
import { totpCode } from "../support/totp-codes";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test, type TestParticipant } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";
import { outboxFor } from "./support/outbox";
import { portalUrl, resultsUrl } from "./support/stack";

const CHANGE = "A variant in the BRCA2 gene was reclassified from uncertain significance to likely benign.";
const CHANGE_ES = "Una variante del gen BRCA2 se reclasificó de significado incierto a probablemente benigna.";

/** Ada's cards, her Health report reissued once (version 2 has not been opened). */
function reissuedApps() {
  return templateRecord("ada").apps.map((app) =>
    app.appName === "health"
      ? {
          ...app,
          reportVersions: [
            { version: 1, issuedOn: "2026-09-08", change: null, changeEs: null },
            { version: 2, issuedOn: "2026-11-17", change: CHANGE, changeEs: CHANGE_ES },
          ],
        }
      : app,
  );
}

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

const healthCard = (page: Page) => page.locator('li[data-app-name="health"]');

/** Opens a report from its card's button: with JavaScript in a new tab, without it through the report's own page. */
async function openFromCard(page: Page, button: string, withJs: boolean, version: number) {
  const context = page.context();
  const received = context.waitForEvent("response", (response) => response.url().startsWith(`${resultsUrl}/documents/`));
  if (withJs) {
    await whenHydrated(page);
    await page.getByRole("button", { name: button }).click();
  } else {
    await page.getByRole("button", { name: button }).click();
    await expect(page).toHaveURL(new RegExp(`/results/report\\?app=[^&]+&version=${version}$`));
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Open your Health report (opens in a new tab)" }).click();
  }
  const report = await received;
  expect(report.status()).toBe(200);
  expect(report.headers()["content-type"]).toBe("application/pdf");
  expect(new URL(report.url()).searchParams.get("version")).toBe(String(version));
  return page;
}

test.describe("a reissued report on My Results", () => {
  test("its card shows the version, date, what changed and 'Updated' until it is opened; earlier versions open from the card", async ({
    page,
    participant,
    signedIn,
  }, testInfo) => {
    const withJs = testInfo.project.name === "js";
    const person: TestParticipant = await participant("ada", { results: { apps: reissuedApps() } });
    await page.setViewportSize({ width: 1366, height: 900 });
    await signedIn(page, person);
    const card = healthCard(page);
    await expect(card).toContainText("Version 2, issued November 17, 2026");
    await expect(card.getByText("Updated", { exact: true })).toBeVisible();
    await expect(card).toContainText(`What changed: ${CHANGE}`);
    // A report never reissued says nothing about versions.
    await expect(page.locator('li[data-app-name="traits"]')).not.toContainText("Version");

    await card.getByText("Earlier versions").click();
    await expect(card).toContainText("Version 1, issued September 8, 2026");
    await expect(card).toContainText("First version of this report.");
    await expectNoSeriousA11yViolations(page);

    // The earlier version first: the newest is still not opened.
    await openFromCard(page, "Open version 1 of your Health report", withJs, 1);
    if (!withJs) await expect(page.getByText("This is an earlier version.")).toBeVisible();
    await page.goto("/");
    await expect(healthCard(page).getByText("Updated", { exact: true })).toBeVisible();

    // The newest: 'Updated' is gone, on this page and on the next load (on any device).
    await openFromCard(page, "Download report: Health", withJs, 2);
    if (withJs) await expect(healthCard(page).getByText("Updated", { exact: true })).toHaveCount(0);
    await page.goto("/");
    await expect(healthCard(page)).toContainText("Version 2, issued November 17, 2026");
    await expect(healthCard(page).getByText("Updated", { exact: true })).toHaveCount(0);
  });

  test("in Spanish on a phone: the version, what changed in Spanish and the earlier versions", async ({ page, participant, signedIn }) => {
    const person = await participant("ada", { results: { apps: reissuedApps() } });
    await page.setViewportSize({ width: 375, height: 812 });
    await signedIn(page, person, { path: "/?lang=es" });
    const card = healthCard(page);
    await expect(card).toContainText("Versión 2, emitida el 17 de noviembre de 2026");
    await expect(card.getByText("Actualizado", { exact: true })).toBeVisible();
    await expect(card).toContainText(`Qué cambió: ${CHANGE_ES}`);
    await card.getByText("Versiones anteriores").click();
    await expect(card.getByRole("button", { name: "Abrir la versión 1 de su informe de Salud" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);
  });

  test("a version the report does not have, or one mistyped, is refused without a 500", async ({ page, participant, signedIn }) => {
    const person = await participant("ada", { results: { apps: reissuedApps() } });
    await signedIn(page, person);
    const health = reissuedApps().find((app) => app.appName === "health")!;
    const typo = await page.goto(`/results/report?app=${health.appID}&version=two`);
    expect(typo?.status()).toBe(400);
    await expectNoSeriousA11yViolations(page);
    // An unknown version: back to My Results with the download error, which offers a retry.
    await page.goto(`/results/report?app=${health.appID}&version=9`);
    await expect(page).toHaveURL(`${portalUrl}/`);
    await expect(page.getByText("Something Went Wrong with Your Download")).toBeVisible();
  });
});

test.describe("the e-mail for a reissued report", () => {
  test("a reissued health report e-mails the participant once, with no health detail; a traits report's reissue e-mails nothing", async ({
    page,
    participant,
    signedIn,
  }) => {
    const person = await participant("ada");
    const health = person.apps.find((app) => app.appName === "health")!;
    const traits = person.apps.find((app) => app.appName === "traits")!;
    const reissue = async (appId: string, body: unknown) =>
      fetch(`${resultsUrl}/dev/reports/${person.userId}/${appId}/reissue`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await reissue(traits.appID, { change: "A new version of the method." })).status).toBe(201);
    expect((await reissue(health.appID, { change: CHANGE, changeEs: CHANGE_ES })).status).toBe(201);
    type Mail = { purpose: string; subject?: string; body?: string; link?: string };
    const reissueMail = async () =>
      ((await outboxFor(person.email)) as unknown as Mail[]).filter((mail) => mail.purpose === "report-reissue");
    await expect.poll(async () => (await reissueMail()).length, { timeout: 30_000 }).toBe(1);
    const [mail] = await reissueMail();
    expect(mail!.subject).toBe("A report in your portal was updated");
    expect(mail!.body).toContain(`${portalUrl}/`);
    expect(mail!.body).not.toMatch(/health|BRCA2|variant|traits/i);

    // The card tells the same: both reissued reports are 'Updated'.
    await signedIn(page, person);
    await expect(healthCard(page).getByText("Updated", { exact: true })).toBeVisible();
    await expect(page.locator('li[data-app-name="traits"]').getByText("Updated", { exact: true })).toBeVisible();
    // Nothing more is sent for the same versions, however long the senders run.
    await expect(healthCard(page)).toContainText("Version 2");
    expect(await reissueMail()).toHaveLength(1);
  });
});

test.describe("research updates on Login & Security", () => {
  test("a participant chooses e-mail and a frequency, in English and Spanish, and the page keeps the choice", async ({
    page,
    participant,
    signedIn,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signedIn(page, await participant("carmen"), { path: "/profile/security" });
    const section = page.getByRole("region", { name: "Notifications" });
    const research = section.getByRole("group", { name: "Research updates" });
    await expect(research).toContainText("Study news and requests to take part again");
    await expect(research.getByRole("radio", { name: "Don't send research updates" })).toBeChecked();
    await expect(section).toContainText("When a health or familial hypercholesterolemia (FH) report is updated");
    await expectNoSeriousA11yViolations(page);

    await research.getByRole("radio", { name: "By e-mail" }).check();
    await research.getByRole("radio", { name: "At most once every three months" }).check();
    await section.getByRole("button", { name: "Save notification settings" }).click();
    await expect(page.getByText("Your notification settings are saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("radio", { name: "By e-mail" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "At most once every three months" })).toBeChecked();
    // The kit e-mail choices were kept beside them.
    await expect(page.getByRole("checkbox", { name: "Health results ready" })).toBeChecked();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/profile/security?lang=es");
    const novedades = page.getByRole("group", { name: "Novedades de investigación" });
    await expect(novedades.getByRole("radio", { name: "Por correo electrónico" })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);
    await novedades.getByRole("radio", { name: "No enviar novedades de investigación" }).check();
    await page.getByRole("button", { name: "Guardar las preferencias de notificación" }).click();
    await expect(page.getByText("Se guardaron sus preferencias de notificación.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "No enviar novedades de investigación" })).toBeChecked();
  });
});

test("a participant who withdraws from research gets no research updates and is not offered them", async ({
  page,
  participant,
  signedIn,
}) => {
  const person = await participant("tara.totp");
  await signedIn(page, person, { method: "sms", path: "/profile/security" });
  const research = page.getByRole("group", { name: "Research updates" });
  await research.getByRole("radio", { name: "By e-mail" }).check();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByText("Your notification settings are saved.")).toBeVisible();

  // She stops the use of her data in research (confirmed with her authenticator app).
  await page.goto("/profile/studies/withdraw");
  await page.getByRole("radio", { name: /Stop using my data in research/ }).check();
  await page.getByRole("radio", { name: "Authenticator app" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Authentication code").fill(totpCode(person.totpSecret!));
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "We received your withdrawal request" })).toBeVisible();

  await page.goto("/profile/security");
  const section = page.getByRole("region", { name: "Notifications" });
  await expect(section).toContainText("You withdrew from research, so we send you no research updates.");
  await expect(section.getByRole("radio", { name: "By e-mail" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Her kit e-mail choices still save.
  await section.getByRole("checkbox", { name: "Sequencing complete" }).uncheck();
  await section.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByText("Your notification settings are saved.")).toBeVisible();
  await page.goto("/profile/security?lang=es");
  await expect(page.getByRole("region", { name: "Notificaciones" })).toContainText(
    "Usted se retiró de la investigación, así que no le enviamos novedades de investigación.",
  );
});
