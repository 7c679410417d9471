import type { Page } from "@playwright/test";
import { templateRecord } from "../support/participant-templates";
import { drawnText } from "../support/pdf-text";
import { totpCode } from "../support/totp-codes";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test, type TestParticipant } from "./support/fixtures";
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

/** Words compared without the spaces a PDF puts where it wraps a line. */
const squeezed = (text: string) => text.replace(/\s+/g, "");

/**
 * Opens a report's page from a link on its card (the same in both modes): the page is the version
 * named, dated the day it was issued, and its PDF is that version too, with the same date.
 */
async function openFromCard(page: Page, link: string, version: number, issued: string) {
  await page.getByRole("link", { name: link }).click();
  await expect(page).toHaveURL(new RegExp(`/results/report\\?app=[^&]+&version=${version}$`));
  const main = page.getByRole("main");
  await expect(main.getByText(`Version ${version}, issued ${issued}`)).toBeVisible();
  await expect(main.getByRole("row", { name: new RegExp(`^Report date\\s+${issued}$`) })).toBeVisible();
  await expect(main.getByRole("row", { name: new RegExp(`^Report version\\s+${version}$`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const href = await main.getByRole("link", { name: /^Download this report as a PDF/ }).getAttribute("href");
  expect(new URL(href!, portalUrl).searchParams.get("version")).toBe(String(version));
  const toDocument = await page.request.get(new URL(href!, portalUrl).href, { maxRedirects: 0 });
  expect(toDocument.status()).toBe(303);
  const documentUrl = toDocument.headers()["location"]!;
  expect(documentUrl.startsWith(`${resultsUrl}/documents/`)).toBe(true);
  expect(new URL(documentUrl).searchParams.get("version")).toBe(String(version));
  const pdf = await page.request.get(documentUrl);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(squeezed(drawnText(await pdf.body()))).toContain(squeezed(`Report date: ${issued}Report version: ${version}`));
  return main;
}

test.describe("a reissued report on My Results", () => {
  test("its card shows the version, date, what changed and 'Updated' until its page is opened; earlier versions open from the card", async ({
    page,
    participant,
    signedIn,
  }) => {
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

    // The earlier version first: its page says a newer one exists, and the newest is still not opened.
    const earlier = await openFromCard(page, "Open version 1 of your Health report", 1, "September 8, 2026");
    await expect(earlier.getByText("This is an earlier version. A newer version of this report exists on My Results.")).toBeVisible();
    await expect(earlier.getByRole("heading", { name: "What changed in this version" })).toHaveCount(0);
    await earlier.getByRole("link", { name: "Back to My Results" }).click();
    await expect(healthCard(page).getByText("Updated", { exact: true })).toBeVisible();

    // The newest: its page says what changed; back on My Results 'Updated' is gone, and on the next load (on any device).
    const newest = await openFromCard(page, "Read report: Health", 2, "November 17, 2026");
    await expect(newest.getByText("A newer version")).toHaveCount(0);
    await expect(newest.getByRole("heading", { level: 2, name: "What changed in this version" })).toBeVisible();
    await expect(newest.getByText(CHANGE)).toBeVisible();
    await newest.getByRole("link", { name: "Back to My Results" }).click();
    await expect(healthCard(page)).toContainText("Version 2, issued November 17, 2026");
    await expect(healthCard(page).getByText("Updated", { exact: true })).toHaveCount(0);
    await page.goto("/");
    await expect(healthCard(page)).toContainText("Version 2, issued November 17, 2026");
    await expect(healthCard(page).getByText("Updated", { exact: true })).toHaveCount(0);
  });

  test("in Spanish on a phone: the version, what changed in Spanish, and an earlier version's page", async ({
    page,
    participant,
    signedIn,
  }) => {
    const person = await participant("ada", { results: { apps: reissuedApps() } });
    await page.setViewportSize({ width: 375, height: 812 });
    await signedIn(page, person, { path: "/?lang=es" });
    const card = healthCard(page);
    await expect(card).toContainText("Versión 2, emitida el 17 de noviembre de 2026");
    await expect(card.getByText("Actualizado", { exact: true })).toBeVisible();
    await expect(card).toContainText(`Qué cambió: ${CHANGE_ES}`);
    await card.getByText("Versiones anteriores").click();
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);

    await card.getByRole("link", { name: "Abrir la versión 1 de su informe de Salud" }).click();
    await expect(page).toHaveURL(/\/results\/report\?app=[^&]+&version=1$/);
    const main = page.getByRole("main");
    await expect(main.getByText("Versión 1, emitida el 8 de septiembre de 2026")).toBeVisible();
    await expect(
      main.getByText("Esta es una versión anterior. Hay una versión más reciente de este informe en Mis resultados."),
    ).toBeVisible();
    await expect(main.getByRole("row", { name: /^Fecha del informe\s+8 de septiembre de 2026$/ })).toBeVisible();
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
    expect((await page.request.get(`${portalUrl}/results/report.pdf?app=${health.appID}&version=two`, { maxRedirects: 0 })).status()).toBe(
      400,
    );
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
