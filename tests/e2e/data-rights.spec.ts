import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { fromBuffer } from "yauzl";
import { totpCode } from "../support/totp-codes";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expectResendLocked, waitForResendUnlock } from "./support/code-step";
import { expect, test } from "./support/fixtures";
import { withJs } from "./support/javascript-mode";
import { codesSince, outboxMarker } from "./support/outbox";

/** Nothing wider than the screen: no sideways scrolling at this width. */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The names of the files in a ZIP archive. */
function namesIn(archive: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on("entry", (entry: { fileName: string }) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on("end", () => resolve(names));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

test.describe("download everything", () => {
  test("a participant asks for their data, watches it being prepared and downloads the ZIP", async ({ page, participant, signedIn }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // Asking counts against the participant's three a day: one of the test's own, with no download yet.
    const person = await signedIn(page, await participant("ada", { results: { dataExports: [] } }));
    await page.goto("/profile/overview");
    const card = page.getByRole("region", { name: "Download all your data" });
    await expect(card).toContainText("24 hours");
    await expect(card.getByRole("list")).toHaveCount(0);

    await card.getByRole("button", { name: "Prepare my download" }).click();
    await expect(page.getByText("We are preparing your download")).toBeVisible();
    const entry = card.getByRole("listitem");
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText("Requested");
    await expectNoSeriousA11yViolations(page);

    // Without JavaScript the page refreshes itself; with it, it asks again in the background.
    const download = card.getByRole("link", { name: /^Download ZIP \(\d+(\.\d)? (kB|MB)\)$/ });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(entry).toContainText("Ready. Available until");
    await expect(card.getByText(/checks again every/)).toHaveCount(0);

    // It holds raw genetic data: a fresh code first, then a link that works once.
    await download.click();
    await page.getByRole("radio", { name: "Text Message" }).check();
    const marker = await outboxMarker(person.phone!);
    await page.getByRole("button", { name: "Continue" }).click();
    const [sent] = await codesSince(person.phone!, marker);
    await page.getByLabel("Authentication code").fill(sent!.code);
    await page.getByRole("button", { name: "Confirm and release my file" }).click();
    const released = page.getByRole("link", { name: /^Download ZIP \(\d+(\.\d)? (kB|MB)\)$/ });
    const [saved] = await Promise.all([page.waitForEvent("download"), released.click()]);
    expect(saved.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const names = await namesIn(await readFile((await saved.path())!));
    expect(names).toEqual(
      expect.arrayContaining(["README.txt", "results.json", "reports/traits-report.pdf", "consents/research-version-2.0.pdf"]),
    );
    expect(names.some((name) => name.endsWith("-exome.vcf"))).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test("a ready and an expired download show, in Spanish on a phone", async ({ page, reader, signedIn }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedIn(page, await reader("ada"));
    await page.goto("/profile/overview?lang=es");
    const card = page.getByRole("region", { name: "Descargar todos sus datos" });
    const entries = card.getByRole("listitem");
    await expect(entries).toHaveCount(2);
    await expect(entries.first().getByRole("link", { name: /^Descargar ZIP \(/ })).toBeVisible({ timeout: 30_000 });
    await expect(entries.first()).toContainText("Lista. Disponible hasta el");
    await expect(entries.nth(1)).toContainText(/Venció el \d+ de [a-z]+ de \d{4}/);
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);

    // A tablet's width too: the card keeps to the page.
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(card.getByRole("button", { name: "Preparar mi descarga" })).toBeVisible();
    await expectNoSideways(page);
    await expectNoSeriousA11yViolations(page);
  });

  test("nobody else's archive: another participant's export id gives a notice, not the file", async ({
    page,
    request,
    reader,
    signedIn,
  }) => {
    await signedIn(page, await reader("ada"));
    await page.goto("/profile/overview");
    const link = page.getByRole("region", { name: "Download all your data" }).getByRole("link", { name: /^Download ZIP/ });
    await expect(link).toBeVisible({ timeout: 30_000 });
    const href = (await link.getAttribute("href"))!;

    // Someone else, signed in as themselves, tries Ada's archive.
    await page.context().clearCookies();
    await signedIn(page, await reader("carmen"));
    const response = await page.goto(href);
    expect(response!.headers()["content-type"]).toMatch(/^text\/html/);
    await expect(page).toHaveURL(/\/profile\/overview/);
    await expect(page.getByText("This download is no longer available")).toBeVisible();

    // Nobody signed in is sent to sign in.
    const anonymous = await request.get(href, { maxRedirects: 0 });
    expect(anonymous.status()).toBeGreaterThanOrEqual(300);
    expect(anonymous.status()).toBeLessThan(400);
    expect(anonymous.headers()["content-type"] ?? "").not.toMatch(/zip/);
  });
});

test.describe("withdrawal with a receipt", () => {
  test("a participant chooses, confirms with a code, gets a receipt by page and e-mail, and sees the request on My Studies", async ({
    page,
    participant,
    signedIn,
  }) => {
    test.setTimeout(120_000);
    // The test records a withdrawal request: a participant of its own, with no download being prepared.
    const person = await signedIn(page, await participant("ada", { results: { dataExports: [] } }));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/profile/studies");
    await page.getByRole("link", { name: "Withdraw from the program here" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Withdraw from the program" })).toBeVisible();
    await expect(page.getByRole("link", { name: /privacy web form/ })).toHaveAttribute("target", "_blank");
    await expectNoSeriousA11yViolations(page);

    // Nothing chosen: a translated error, nothing sent.
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("radiogroup", { name: "What do you want us to do?" })).toHaveAccessibleDescription(
      /Choose what you want us to do/,
    );

    await page.getByRole("radio", { name: /Also destroy my sample/ }).check();
    await page.getByRole("radio", { name: "Text Message" }).check();
    const marker = await outboxMarker(person.phone!);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("You asked us to: Also destroy my sample")).toBeVisible();
    const [message] = await codesSince(person.phone!, marker);

    await expect(page).toHaveTitle(/^Withdraw from the program: enter your code/);
    if (withJs()) await expect(page.getByLabel("Authentication code")).toBeFocused();

    // 'Resend code' is locked (the stack's CODE_RESEND_LOCK_SECONDS), with its tooltip; the server refuses it early.
    const resend = page.getByRole("button", { name: "Resend code" });
    await expectResendLocked(page, resend);

    // A wrong code is an error on the field.
    await page.getByLabel("Authentication code").fill(message!.code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Confirm withdrawal" }).click();
    await expect(page.getByText("The code entered is not correct").first()).toBeVisible();

    // Once unlocked, a new code: the old error goes, and the new code records the request.
    await waitForResendUnlock(page, resend);
    const resendMarker = await outboxMarker(person.phone!);
    await resend.click();
    await expect(page.getByRole("status").filter({ hasText: "We sent you a new code." })).toBeVisible();
    await expect(page.getByText("The code entered is not correct")).toHaveCount(0);
    if (withJs()) await expect(page.getByLabel("Authentication code")).toBeFocused();
    const [fresh] = await codesSince(person.phone!, resendMarker);
    await page.getByLabel("Authentication code").fill(fresh!.code);
    const mailMarker = await outboxMarker(person.email);
    await page.getByRole("button", { name: "Confirm withdrawal" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "We received your withdrawal request" })).toBeVisible();
    const reference = (await page.getByRole("definition").first().textContent())!.trim();
    expect(reference).toMatch(/^WD-\d{4}-[A-Z0-9]{6}$/);
    await expect(page).toHaveURL(new RegExp(`/profile/studies/withdrawal/${reference}$`));
    await expect(page.getByRole("main")).toContainText("Received");
    // The receipt says what was asked for in whole sentences.
    await expect(
      page.getByText("You asked us to stop using your data in new research and to destroy your sample. Your account and reports stay."),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const [receipt] = (await codesSince(person.email, mailMarker)) as Array<{ subject?: string; link?: string; body?: string }>;
    expect(receipt!.subject).toBe(`We received your withdrawal request ${reference}`);
    expect(receipt!.link).toMatch(new RegExp(`/profile/studies/withdrawal/${reference}$`));
    // The e-mail summarises the request: what, when, from which browser (the projects browse as Chrome on Windows), what comes next, and what to do if it was not them.
    expect(receipt!.body).toMatch(
      new RegExp(`^We received your withdrawal request ${reference} on .+ UTC, made from Chrome on Windows\\.`),
    );
    expect(receipt!.body).toContain(
      "You asked us to stop using your data in new research and to destroy your sample. Your account and reports stay.",
    );
    expect(receipt!.body).toContain("If you did not make this request, call participant support at once");

    await page.getByRole("link", { name: "Back to My Studies" }).click();
    const status = page.getByRole("region", { name: "Your withdrawal request" });
    await expect(status).toContainText(reference);
    await expect(status).toContainText("Status: Received");
    // The consents follow the request: research is being withdrawn, the account's platform consent stays.
    const consents = page.getByRole("region", { name: "Your consents" }).getByRole("listitem");
    await expect(consents.filter({ hasText: "Research consent" })).toContainText(/Withdrawal requested on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await expect(consents.filter({ hasText: "Platform consent" })).toContainText("In effect");
    await expect(page.getByText("Your account and reports stay", { exact: false }).first()).toBeVisible();

    // One open request at a time: the withdrawal page now shows its receipt.
    await page.goto("/profile/studies/withdraw");
    await expect(page).toHaveURL(new RegExp(`/profile/studies/withdrawal/${reference}$`));
  });

  test("the withdrawal page in Spanish on a phone, and cancelling records nothing", async ({ page, reader, signedIn }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedIn(page, await reader("lucia"));
    await page.goto("/profile/studies/withdraw?lang=es");
    await expect(page.getByRole("heading", { level: 1, name: "Retirarse del programa" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Además, eliminar mis datos/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSideways(page);
    await page.setViewportSize({ width: 768, height: 1024 });
    await expectNoSideways(page);
    await page.getByRole("link", { name: "Cancelar" }).click();
    await expect(page).toHaveURL(/\/profile\/studies$/);
    await expect(page.getByRole("link", { name: "Retirarse del programa aquí" })).toBeVisible();
  });

  test("another participant's receipt is not found", async ({ page, reader, signedIn }) => {
    await signedIn(page, await reader("ada"));
    const response = await page.goto("/profile/studies/withdrawal/WD-2026-ABCDEF");
    expect(response!.status()).toBe(404);
  });
});

test("a withdrawal can be confirmed with the authenticator app's code instead of a text message", async ({
  page,
  participant,
  signedIn,
}) => {
  const person = await participant("tara.totp");
  await signedIn(page, person, { method: "sms" });
  await page.goto("/profile/studies/withdraw");
  await page.getByRole("radio", { name: /Stop using my data in research/ }).check();
  await expect(page.getByRole("radiogroup", { name: "How do you want to confirm it's you?" })).toBeVisible();
  await page.getByRole("radio", { name: "Authenticator app" }).check();
  // Nothing is sent for the app's code.
  await expect(page.getByRole("button", { name: "Send code" })).toHaveCount(0);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Enter the 6-digit code your authenticator app shows now.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send a new code" })).toHaveCount(0);
  await page.getByLabel("Authentication code").fill(totpCode(person.totpSecret!));
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "We received your withdrawal request" })).toBeVisible();
});
