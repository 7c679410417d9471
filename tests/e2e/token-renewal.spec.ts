import type { Page } from "@playwright/test";
import { createParticipant, type TestParticipant } from "../support/create-participant";
import { developmentEnv, launchStack, type LaunchedStack } from "../support/launched-stack";
import { signInOverHttp } from "../support/sign-in";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { whenHydrated } from "./support/hydration";

/**
 * `npm start`'s own stack (the launcher, each service on its embedded database), with access tokens
 * that expire two seconds after they are issued: every page after that renews the token.
 */
const ACCESS_TOKEN_TTL_SECONDS = 2;
let stack: LaunchedStack;
const urls = () => ({
  portal: stack.portalUrl.replace("127.0.0.1", "localhost"),
  identity: `http://localhost:${stack.ports.identity}`,
  results: `http://localhost:${stack.ports.results}`,
});

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await launchStack("token-renewal", {
    ...developmentEnv("warn"),
    IDENTITY_ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
    PGLITE_CLUSTER_CACHE: new URL("../../node_modules/.cache/pglite-clusters", import.meta.url).pathname,
  });
});

test.afterAll(async () => {
  await stack?.stop();
});

/** Signs a new participant in over HTTP and hands the cookies to the browser; returns when the token was issued. */
async function signedInOnStack(page: Page, language: "en" | "es"): Promise<{ person: TestParticipant; issuedAt: number }> {
  const { portal, identity, results } = urls();
  const person = await createParticipant({ identityUrl: identity, resultsUrl: results }, "greta");
  const { browser } = await signInOverHttp(portal, identity, person);
  const issuedAt = Date.now();
  const cookies = browser.cookies.all().map(({ host, ...cookie }) => ({ ...cookie, domain: new URL(`http://${host}`).hostname }));
  await page
    .context()
    .addCookies([...cookies, { name: "lang", value: Buffer.from(JSON.stringify(language)).toString("base64"), url: portal }]);
  return { person, issuedAt };
}

/** Until the access token issued at `issuedAt` has expired (the participant comes back after it). */
async function pastExpiryOf(issuedAt: number) {
  await expect.poll(() => Date.now(), { timeout: 30_000 }).toBeGreaterThan(issuedAt + ACCESS_TOKEN_TTL_SECONDS * 1000 + 500);
}

const words = {
  en: { results: "My Results", profile: "Personal Information", menu: /^Account menu for /, overview: "Profile overview" },
  es: { results: "Mis resultados", profile: "Información personal", menu: /^Menú de la cuenta de /, overview: "Resumen del perfil" },
} as const;

for (const language of ["en", "es"] as const) {
  test(`a participant who comes back after the access token expired gets their page and stays signed in (${language})`, async ({
    page,
  }) => {
    const said = words[language];
    await page.setViewportSize({ width: 1366, height: 900 });
    const { issuedAt } = await signedInOnStack(page, language);
    await pastExpiryOf(issuedAt);

    await page.goto(`${urls().portal}/`);
    await expect(page.getByRole("heading", { level: 1, name: said.results })).toBeVisible();
    await expect(page).toHaveURL(/:\d+\/$/);
    await whenHydrated(page);

    // Past the renewed token's expiry too: the next page (a data request with JavaScript, a document without) renews it again.
    await pastExpiryOf(Date.now());
    await page.getByLabel(said.menu).click();
    await page.getByRole("link", { name: said.overview }).filter({ visible: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: said.profile })).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/overview$/);
    await expectNoSeriousA11yViolations(page);
  });
}
