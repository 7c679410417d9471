import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";
import { useLanguage } from "./support/language";
import { applyTextSpacing, expectWhollyVisible } from "./support/layout";
import { screenMatrix, seenInThisMode } from "./support/matrix";

const english = {
  notFound: "We can't find that page",
  privacyChoices: "Your privacy choices",
  hours: "Monday to Friday, 6 AM to 6 PM Pacific",
};

test.describe("layout, footer and error screens", () => {
  for (const screen of screenMatrix) {
    const { viewport, language } = screen;
    test(`unknown page at ${viewport.width}px in ${language}: 404, header, footer, accessible`, async ({ page, javaScriptEnabled }) => {
      test.skip(!seenInThisMode(screen, javaScriptEnabled), "this screen is seen in the other mode");
      await page.setViewportSize(viewport);
      const response = await page.goto(`/no-such-page?lang=${language}`);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveURL(/\/no-such-page$/);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language === "en" ? english.notFound : "No encontramos esa página");
      // Titled as its heading, with no raw status line.
      await expect(page).toHaveTitle(language === "en" ? `${english.notFound} | DNA Discovery Program` : /^No encontramos esa página \| /);
      await expect(page.getByText(/^404 /)).toHaveCount(0);
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText(`© 2016–${new Date().getFullYear()}`);
      // Phone numbers never wrap in the middle.
      for (const phone of await footer.locator('a[href^="tel:"]').all()) await expect(phone).toHaveCSS("white-space", "nowrap");
      await expect(footer).toContainText(language === "en" ? english.hours : "De lunes a viernes, de 6 a. m. a 6 p. m., hora del Pacífico");
      await expect(footer).toContainText("CLIA");
      await expect(footer).toContainText("CAP");
      await expectNoSeriousA11yViolations(page);
      // Keyboard focus in the navy header shows a white band around the blue ring.
      await page.keyboard.press("Tab");
      const skipLink = page.getByRole("link", { name: language === "en" ? "Skip to main content" : "Saltar al contenido principal" });
      await expect(skipLink).toBeFocused();
      await expect(skipLink).toHaveCSS("box-shadow", /rgb\(255, 255, 255\)/);
    });
  }

  test("the language selector switches to Spanish and back", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/no-such-page");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const desktopHeader = page.getByRole("banner");
    await desktopHeader.getByRole("button", { name: "Change language to Español" }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveURL(/\/no-such-page$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No encontramos esa página");
    await desktopHeader.getByRole("button", { name: "Cambiar el idioma a English" }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("a signed-in participant's unknown page keeps their header and leads back to My Results", async ({ page, reader, signedIn }) => {
    await signedIn(page, await reader("ada"));
    const response = await page.goto("/profile/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(english.notFound);
    await expect(page.getByLabel(/Account menu for Ada/).first()).toBeAttached();
    await expect(page.getByRole("link", { name: "My Results" }).first()).toBeAttached();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("main").getByRole("link", { name: "Go to My Results" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Welcome|My Results/ })).toBeVisible();
  });

  test("the mobile menu opens at 375px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/no-such-page");
    const menu = page.getByText("Menu", { exact: true });
    await menu.click();
    await expect(page.locator("header details[open]")).toHaveCount(1);
    await expect(page.locator("header details[open]").getByRole("button", { name: "Change language to Español" })).toBeVisible();
  });

  test("the privacy choices panel opens with its Consents and Rights tabs", async ({ page }, testInfo) => {
    await page.goto("/no-such-page");
    await whenHydrated(page);
    await page.getByRole("link", { name: english.privacyChoices }).click();
    // With JavaScript a modal over the page; without, the page's main content: first in reading and
    // focus order, nothing behind it, and a link back.
    const withJs = testInfo.project.name === "js";
    const panel = withJs ? page.getByRole("dialog", { name: english.privacyChoices }) : page.getByRole("main");
    await expect(panel).toBeVisible();
    if (!withJs) {
      await expect(panel.getByRole("heading", { level: 1 })).toHaveText(english.privacyChoices);
      await expect(panel.getByRole("heading", { name: "We can't find that page" })).toHaveCount(0);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
    await expect(panel.getByRole("link", { name: "Consents" })).toHaveAttribute("aria-current", "page");
    await expect(panel.getByRole("checkbox", { name: "Analytics" })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole("link", { name: "Rights" }).click();
    await expect(panel.getByRole("link", { name: /Make a privacy request/ })).toBeVisible();
    await panel.getByRole("link", { name: "Consents" }).click();
    await expect(panel.getByRole("status")).toBeEmpty();
    await panel.getByRole("checkbox", { name: "Analytics" }).check();
    await panel.getByRole("button", { name: "Save my choices" }).click();
    // The panel says so (with JavaScript the post goes without leaving the page, in its live region).
    await expect(panel.getByRole("status")).toHaveText("Your privacy choices were saved.");
    await expect(panel.getByRole("checkbox", { name: "Analytics" })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    // Saved: a reload serves the panel as the page, and it stays the page when the script runs.
    await page.reload();
    await whenHydrated(page);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("checkbox", { name: "Analytics" })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    // Another tab, or the way back, leaves the note behind.
    await page.getByRole("main").getByRole("link", { name: "Rights" }).click();
    await page.getByRole("main").getByRole("link", { name: "Consents" }).click();
    await expect(page.getByRole("main").getByRole("status")).toBeEmpty();
    if (!withJs) {
      await panel.getByRole("link", { name: "Back to the page" }).click();
      await expect(page).toHaveURL(/\/no-such-page$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can't find that page");
    }
  });

  test("at 320px with WCAG text spacing the Spanish privacy tabs are whole", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/no-such-page?lang=es&privacy=consents");
    const panel = page.getByRole("dialog").or(page.getByRole("main"));
    await expect(panel.getByRole("link", { name: "Derechos" })).toBeVisible();
    // With JavaScript, the spacing goes on the elements hydration leaves, not on ones it is about to replace.
    await whenHydrated(page);
    await applyTextSpacing(page);
    for (const name of ["Consentimientos", "Derechos"]) await expectWhollyVisible(panel.getByRole("link", { name, exact: true }));
  });

  test("every page carries the security headers with a fresh script nonce", async ({ request }) => {
    const first = await request.get("/no-such-page");
    const second = await request.get("/no-such-page");
    const csp = first.headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(second.headers()["content-security-policy"]).not.toEqual(csp);
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    expect(first.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers()["permissions-policy"]).toContain("camera=()");
  });

  test("the pages break none of their own Content-Security-Policy rules once their scripts have run", async ({
    page,
    reader,
    signedIn,
  }) => {
    test.skip(test.info().project.name !== "js", "the policy only matters where scripts run");
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.sourceFile}`));
    });
    await signedIn(page, await reader("ada"));
    for (const path of ["/", "/profile/overview", "/profile/security"]) {
      await page.goto(path);
      await whenHydrated(page);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    }
  });

  test("a page in either language fetches one font file, the one it preloads, and no separate icon", async ({
    page,
    context,
    reader,
    signedIn,
  }) => {
    await signedIn(page, await reader("ada"));
    // Every request as DevTools sees it, each page from the network.
    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.enable");
    await devtools.send("Network.setCacheDisabled", { cacheDisabled: true });
    const fetched: { page: string; path: string }[] = [];
    let current = "";
    devtools.on("Network.requestWillBeSent", ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith(".woff2")) fetched.push({ page: current, path });
    });
    const pages = ["/", "/profile/overview", "/profile/security", "/profile/studies", "/session-expired"];
    for (const language of ["en", "es"] as const) {
      await useLanguage(context, language);
      for (const path of pages) {
        current = `${language} ${path}`;
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        await page.evaluate(() => document.fonts.ready);
        const preloaded = await page.locator('link[rel="preload"][as="font"]').getAttribute("href");
        expect(
          fetched.filter((request) => request.page === current).map((request) => request.path),
          current,
        ).toEqual([preloaded]);
        // The icon comes inside the page rather than as one more request beside the font's.
        await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", /^data:image\//);
      }
    }
  });

  test("the expired-session screen says so and moves on to sign-in", async ({ page }) => {
    const response = await page.goto("/session-expired");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("Session has expired, redirecting you to log in screen...")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible({ timeout: 15_000 });
  });
});

test.describe("requests the portal refuses", () => {
  const refused = {
    en: "403 This request was refused because it did not come from the portal.",
    es: "403 Se rechazó esta solicitud porque no provino del portal.",
  };
  for (const screen of screenMatrix) {
    const { viewport, language } = screen;
    test(`a form posted from another page at ${viewport.width}px in ${language}: the 403 screen, accessible`, async ({
      page,
      baseURL,
      javaScriptEnabled,
    }) => {
      test.skip(!seenInThisMode(screen, javaScriptEnabled), "this screen is seen in the other mode");
      await page.setViewportSize(viewport);
      // A page that is not the portal's (its origin is opaque) posting one of the portal's forms.
      await page.setContent(
        `<!DOCTYPE html><html lang="en"><title>elsewhere</title><form method="post" action="${baseURL}/language?lang=${language}"><input type="hidden" name="lang" value="${language}"><button>Send</button></form></html>`,
      );
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.url().startsWith(`${baseURL}/language`)),
        page.getByRole("button", { name: "Send" }).click(),
      ]);
      expect(response.status()).toBe(403);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("main")).toContainText(refused[language]);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
