import type { Page } from "@playwright/test";
import { formatKitBarcode, kitBarcodeFrom, kitCheckDigit } from "../../lib/program/kit-barcode";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { withJs } from "./support/javascript-mode";
import { resultsUrl } from "./support/stack";

/** A kit the program sent out (the results service's development route); `registeredTo` makes it someone else's. */
async function sentKit(registeredTo?: string): Promise<string> {
  const response = await fetch(`${resultsUrl}/dev/kits`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(registeredTo ? { registeredTo } : {}),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { barcode: string }).barcode;
}

/** The same barcode with its last digit one off: twelve digits that fail the check. */
const mistyped = (barcode: string) => barcode.slice(0, -1) + String((Number(kitCheckDigit(barcode.slice(0, -1))) + 1) % 10);
/** A well-formed barcode of no kit. */
const noKit = () => kitBarcodeFrom(String(Math.floor(Math.random() * 1e11)).padStart(11, "0"));
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function noSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

type Words = { barcode: string; own: string; other: string; collected: string; submit: string };
const EN: Words = {
  barcode: "Kit barcode",
  own: "My own",
  other: "Someone else's",
  collected: "Day the sample was collected",
  submit: "Register kit",
};
const ES: Words = {
  barcode: "Código de barras del kit",
  own: "Mía",
  other: "De otra persona",
  collected: "Día en que se tomó la muestra",
  submit: "Registrar kit",
};

async function fillAndSubmit(page: Page, words: Words, barcode: string, whose: "own" | "other" | null, day: string) {
  await page.getByLabel(words.barcode).fill(barcode);
  if (whose) await page.getByRole("radio", { name: whose === "own" ? words.own : words.other }).check();
  await page.getByLabel(words.collected).fill(day);
  await page.getByRole("button", { name: words.submit }).click();
}

test.describe("registering a kit by its barcode", () => {
  test("from My Results: a mistyped, an unknown and someone else's sample each say what is wrong and keep what was typed; the kit then shows on the tracker, two kits newest first", async ({
    page,
    ownSignedIn,
  }) => {
    const first = await sentKit();
    const second = await sentKit();
    await ownSignedIn(page, { template: "bruno", path: "/?lang=en" });
    await page.getByRole("link", { name: "Register your kit" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Register your kit" })).toBeVisible();
    await expect(page).toHaveTitle(/Register your kit/);
    await expectNoSeriousA11yViolations(page);

    // A digit mistyped: the check digit says so before any kit is looked up.
    const typo = formatKitBarcode(mistyped(first));
    await fillAndSubmit(page, EN, typo, "own", yesterday());
    const checkError = "This barcode is not right. Check each digit against the box: one may be mistyped, or two swapped";
    await expect(page.getByRole("link", { name: checkError })).toBeVisible();
    await expect(page).toHaveTitle(/^Error:/);
    await expect(page.getByLabel(EN.barcode)).toHaveValue(typo);
    await expect(page.getByLabel(EN.collected)).toHaveValue(yesterday());
    await expectNoSeriousA11yViolations(page);

    // Twelve good digits of no kit: a clear 'not found', still kept.
    const unknown = noKit();
    await fillAndSubmit(page, EN, unknown, "own", yesterday());
    const notFound = "We could not find a kit you can register with this barcode. Check it against the box, or contact participant support";
    await expect(page.getByRole("link", { name: notFound })).toBeVisible();
    await expect(page.getByLabel(EN.barcode)).toHaveValue(unknown);

    // Someone else's sample is theirs to register.
    await fillAndSubmit(page, EN, formatKitBarcode(first), "other", yesterday());
    await expect(page.getByRole("link", { name: /^Only the person whose sample it is can register this kit/ })).toBeVisible();
    await expect(page.getByLabel(EN.barcode)).toHaveValue(formatKitBarcode(first));
    await expect(page.getByRole("radio", { name: EN.other })).toBeChecked();

    await fillAndSubmit(page, EN, formatKitBarcode(first), "own", yesterday());
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Your kit is registered")).toBeVisible();
    const tracker = page.getByRole("list", { name: "Sample progress" });
    await expect(tracker.getByRole("listitem").first()).toContainText(`Kit registered`);
    await expect(tracker.getByRole("listitem").first()).toContainText(`Kit ${formatKitBarcode(first)}`);
    await expect(tracker.locator("[aria-current=step]")).toContainText("Kit registered");
    await expectNoSeriousA11yViolations(page);

    // A second kit: both listed, the newest first, and the tracker's first step names it.
    await page.getByRole("link", { name: "Register another kit" }).click();
    await fillAndSubmit(page, EN, second, "own", yesterday());
    await expect(page.getByText("Your kit is registered")).toBeVisible();
    const kits = page.getByRole("list", { name: "Your kits" }).getByRole("listitem");
    await expect(kits).toHaveCount(2);
    await expect(kits.nth(0)).toContainText(formatKitBarcode(second));
    await expect(kits.nth(1)).toContainText(formatKitBarcode(first));
    await expect(tracker.getByRole("listitem").first()).toContainText(`Kit ${formatKitBarcode(second)}`);

    // The first kit again: already registered, by this participant.
    await page.goto("/kits/register");
    await fillAndSubmit(page, EN, first, "own", yesterday());
    await expect(page.getByRole("link", { name: "You have registered this kit already. It is shown on My Results" })).toBeVisible();
  });

  test("in Spanish on a phone: a kit registered to someone else is answered as an unknown one, then the participant's own registers", async ({
    page,
    participant,
    ownSignedIn,
  }) => {
    const someoneElse = await participant("bruno");
    const taken = await sentKit(someoneElse.userId);
    const mine = await sentKit();
    await ownSignedIn(page, { template: "bruno", path: "/kits/register?lang=es", viewport: { width: 375, height: 812 } });
    await expect(page.getByRole("heading", { level: 1, name: "Registre su kit" })).toBeVisible();
    await noSideways(page);

    const notFound =
      "No encontramos ningún kit que pueda registrar con este código de barras. Compárelo con la caja o contacte con el servicio de atención a participantes";
    await fillAndSubmit(page, ES, formatKitBarcode(taken), "own", yesterday());
    await expect(page.getByRole("link", { name: notFound })).toBeVisible();
    await expect(page.getByLabel(ES.barcode)).toHaveValue(formatKitBarcode(taken));
    await fillAndSubmit(page, ES, noKit(), "own", yesterday());
    await expect(page.getByRole("link", { name: notFound })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await noSideways(page);

    await page.goto("/kits/register");
    await page.getByRole("button", { name: ES.submit }).click();
    await expect(page.getByRole("link", { name: "Escriba el código de barras impreso en la caja de su kit" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Elija de quién es la muestra de este kit" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Escriba el día en que se tomó la muestra" })).toBeVisible();

    await fillAndSubmit(page, ES, mine, "own", yesterday());
    await expect(page.getByText("Su kit está registrado")).toBeVisible();
    await expect(page.getByRole("list", { name: "Sus kits" }).getByRole("listitem")).toContainText(formatKitBarcode(mine));
    await expectNoSeriousA11yViolations(page);
    await noSideways(page);
  });

  test("a new account the results service has no record of: 'register your kit' from what happens next, then the tracker with the kit", async ({
    page,
    participant,
    signedIn,
  }) => {
    const kit = await sentKit();
    await signedIn(page, await participant("greta", { withoutResultsRecord: true }), { path: "/?lang=en" });
    await expect(page.getByRole("heading", { level: 2, name: "What happens next" })).toBeVisible();
    await page.getByRole("link", { name: "register your kit" }).click();
    await fillAndSubmit(page, EN, kit, "own", yesterday());
    await expect(page.getByText("Your kit is registered")).toBeVisible();
    const tracker = page.getByRole("list", { name: "Sample progress" });
    await expect(tracker.locator("[aria-current=step]")).toContainText(`Kit registered`);
    await expect(tracker.locator("[aria-current=step]")).toContainText(`Kit ${formatKitBarcode(kit)}`);
    // No result apps yet: no Results card.
    await expect(page.getByRole("heading", { level: 2, name: "Results" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("after ten barcodes of no kit in an hour the participant is told to wait, with what they typed kept", async ({
    page,
    ownSignedIn,
  }) => {
    await ownSignedIn(page, { template: "bruno", path: "/kits/register?lang=en" });
    for (let miss = 0; miss < 10; miss++) {
      await fillAndSubmit(page, EN, noKit(), "own", yesterday());
      await expect(page.getByRole("link", { name: /^We could not find a kit you can register/ })).toBeVisible();
    }
    const typed = formatKitBarcode(await sentKit());
    await fillAndSubmit(page, EN, typed, "own", yesterday());
    await expect(page.getByText(/^Too many barcodes did not match a kit\. Try again in \d+ minutes$/)).toBeVisible();
    await expect(page.getByLabel(EN.barcode)).toHaveValue(typed);
    await expect(page.getByRole("radio", { name: EN.own })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
  });

  test("the camera scan fills the barcode where the browser can read one, and is not offered where it cannot", async ({
    page,
    ownSignedIn,
  }) => {
    const kit = await sentKit();
    await ownSignedIn(page, { template: "bruno", path: "/kits/register?lang=en" });
    // Chromium on Linux has no barcode detector: typing is the flow, no scan button.
    await expect(page.getByLabel(EN.barcode)).toBeVisible();
    await expect(page.getByRole("button", { name: "Scan the barcode with your camera" })).toHaveCount(0);
    test.skip(!withJs(), "the scan is an enhancement of JavaScript");

    // A browser that has one: a camera that shows a canvas, and a detector that reads another code first, then the kit's.
    await page.addInitScript((barcode) => {
      const canvas = document.createElement("canvas");
      Object.defineProperty(navigator, "mediaDevices", {
        value: { getUserMedia: async () => canvas.captureStream() },
      });
      let reads = 0;
      (globalThis as Record<string, unknown>).BarcodeDetector = class {
        async detect() {
          reads += 1;
          return reads < 2 ? [{ rawValue: "https://example.test/not-a-kit" }] : [{ rawValue: barcode }];
        }
      };
    }, kit);
    await page.reload();
    await page.getByRole("button", { name: "Scan the barcode with your camera" }).click();
    await expect(page.getByRole("button", { name: "Stop scanning" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: `Barcode read: ${formatKitBarcode(kit)}` })).toBeVisible();
    await expect(page.getByLabel(EN.barcode)).toHaveValue(formatKitBarcode(kit));
    await expect(page.getByLabel(EN.barcode)).toBeFocused();
    await page.getByRole("radio", { name: EN.own }).check();
    await page.getByLabel(EN.collected).fill(yesterday());
    await page.getByRole("button", { name: EN.submit }).click();
    await expect(page.getByText("Your kit is registered")).toBeVisible();
  });
});
