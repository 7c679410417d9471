import { test as base, type Cookie, type Page } from "@playwright/test";
import { createParticipant as createOn, type ParticipantChanges, type TestParticipant } from "../../support/create-participant";
import type { TemplateName } from "../../support/participant-templates";
import { signInOverHttp } from "../../support/sign-in";
import { checkHtmlDir, noteServedDocuments } from "./a11y";
import { whenHydrated } from "./hydration";
import type { SignInOptions } from "./sign-in";
import { identityUrl, portalUrl, resultsUrl } from "./stack";

export { expect } from "@playwright/test";
export type { TestParticipant } from "../../support/create-participant";

type OwnSignIn = { path: string; template?: TemplateName; changes?: ParticipantChanges; viewport?: { width: number; height: number } };

type TestFixtures = {
  /** A new participant of this test's own, like the template, with what the test changes. */
  participant: (template: TemplateName, changes?: ParticipantChanges) => Promise<TestParticipant>;
  /**
   * Signs the participant in and opens `path`: through the hosted pages' form posts over plain HTTP
   * the first time in this worker (as support staff replay them), handing the cookies that left to
   * the browser, then with those cookies again unless the portal no longer takes them. Tests of the
   * sign-in itself drive the hosted pages in the browser with `signIn` every time.
   */
  signedIn: (page: Page, person: TestParticipant, options?: SignInOptions) => Promise<TestParticipant>;
  /**
   * For a test that changes the account: a new participant like the template (Greta unless said),
   * signed in on `path` at the viewport (1366 px unless said).
   */
  ownSignedIn: (page: Page, at: OwnSignIn) => Promise<TestParticipant>;
};

type WorkerFixtures = {
  /**
   * The worker's participant of a template for tests that change nothing about the account (they
   * only look): created once per worker and template, so its sign-in is reused too.
   */
  reader: (template: TemplateName) => Promise<TestParticipant>;
  signInStates: Map<string, Cookie[]>;
};

/** A new participant like the template on the stack under test. */
const createParticipant = (template: TemplateName, changes?: ParticipantChanges) =>
  createOn({ identityUrl, resultsUrl }, template, changes);

function isPortalPage(page: Page): boolean {
  const url = new URL(page.url());
  return url.origin === new URL(portalUrl).origin && !url.pathname.startsWith("/session-expired") && !url.pathname.startsWith("/auth/");
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // For `npm run check:html`: the documents served without JavaScript, which the axe scans save.
  browser: [
    async ({ browser }, use) => {
      if (checkHtmlDir) noteServedDocuments(browser);
      await use(browser);
    },
    { scope: "worker" },
  ],
  // Playwright reads a fixture's dependencies from its first parameter's pattern; these have none.
  // eslint-disable-next-line no-empty-pattern
  signInStates: [async ({}, use) => use(new Map()), { scope: "worker" }],
  reader: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const made = new Map<TemplateName, Promise<TestParticipant>>();
      await use((template) => {
        if (!made.has(template)) made.set(template, createParticipant(template));
        return made.get(template)!;
      });
    },
    { scope: "worker" },
  ],
  // eslint-disable-next-line no-empty-pattern
  participant: async ({}, use) => use((template, changes) => createParticipant(template, changes)),
  signedIn: async ({ signInStates }, use) =>
    use(async (page, person, options = {}) => {
      const saved = signInStates.get(person.userId);
      if (saved && !options.method) {
        await page.context().addCookies(saved);
        await page.goto(options.path ?? "/");
        if (isPortalPage(page)) {
          await whenHydrated(page);
          return person;
        }
        await page.context().clearCookies();
      }
      const { browser } = await signInOverHttp(portalUrl, identityUrl, person, options);
      // Cookies are not told apart by port: the portal's and the identity provider's share localhost, as in a browser.
      const cookies = browser.cookies.all().map(({ host, ...cookie }) => ({ ...cookie, domain: new URL(`http://${host}`).hostname }));
      await page.context().addCookies(cookies);
      signInStates.set(person.userId, await page.context().cookies());
      await page.goto(options.path ?? "/");
      await whenHydrated(page);
      return person;
    }),
  ownSignedIn: async ({ participant, signedIn }, use) =>
    use(async (page, { path, template = "greta", changes, viewport = { width: 1366, height: 900 } }) => {
      await page.setViewportSize(viewport);
      const person = await signedIn(page, await participant(template, changes));
      await page.goto(path);
      return person;
    }),
});
