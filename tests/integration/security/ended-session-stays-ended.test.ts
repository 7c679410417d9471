import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParticipant, type TestParticipant } from "../../support/create-participant";
import { formsOf, HttpBrowser } from "../../support/http-client.ts";
import { signInOverHttp } from "../../support/sign-in.ts";
import type { Stack } from "../../support/stack.ts";
import { startSecureStack } from "./support/secure-stack";

/**
 * A device whose portal session was ended (from another device, or by the idle limit) must not sign
 * in again through the identity provider's own browser session: not by replaying the portal's
 * authorization request without `prompt=login`, and not with `prompt=none`.
 */
const IDLE_SECONDS = 3;
let stack: Stack;

beforeAll(async () => {
  stack = await startSecureStack({ SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS) });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const portalOrigin = () => new URL(stack.portalUrl).origin;
const identityOrigin = () => new URL(stack.identityUrl).origin;

async function signedIn(person: TestParticipant, browser = new HttpBrowser()) {
  return signInOverHttp(stack.portalUrl, stack.identityUrl, person, { browser });
}

/** The portal's own authorization request, as the device's browser would be sent to it, changed by `tamper`. */
async function authorizationRequestOf(browser: HttpBrowser, tamper: (url: URL) => void): Promise<URL> {
  const start = await browser.request(new URL("/auth/sign-in", stack.portalUrl));
  const { response, url } = await browser.follow(
    start,
    new URL("/auth/sign-in", stack.portalUrl),
    (next) => next.origin === portalOrigin(),
  );
  expect(response.status).toBe(302);
  await response.body?.cancel();
  const authorize = new URL(response.headers.get("location")!, url);
  expect(authorize.origin).toBe(identityOrigin());
  expect(authorize.searchParams.get("prompt")).toBe("login");
  tamper(authorize);
  return authorize;
}

/** Follows the tampered request on the identity provider; where the browser ends up and whether the portal signed it in. */
async function replay(browser: HttpBrowser, authorize: URL) {
  const answer = await browser.request(authorize);
  const onIdp = await browser.follow(answer, authorize, (next) => next.origin === identityOrigin());
  if (onIdp.response.status >= 300 && onIdp.response.status < 400) {
    const back = new URL(onIdp.response.headers.get("location")!, onIdp.url);
    await onIdp.response.body?.cancel();
    const atPortal = await browser.follow(await browser.request(back), back, (next) => next.origin === portalOrigin());
    const home = await browser.request(new URL("/", stack.portalUrl));
    await home.body?.cancel();
    await atPortal.response.body?.cancel();
    return { page: "portal" as const, callback: back, dashboard: home.status };
  }
  const html = await onIdp.response.text();
  return { page: "identity" as const, url: onIdp.url, passwordAsked: html.includes('name="password"') };
}

/** 'Sign out everywhere else', posted from the other device. */
async function signOutEverywhereElse(other: HttpBrowser) {
  const sessions = new URL("/profile/security/sessions", stack.portalUrl);
  const page = await other.request(sessions);
  const form = formsOf(await page.text()).find((candidate) => candidate.fields.intent === "end-others");
  expect(form, "the sessions page offers 'Sign out everywhere else'").toBeDefined();
  const answer = await other.request(sessions, { form: form!.fields });
  expect(answer.status).toBe(303);
  await answer.body?.cancel();
}

const tampering = {
  "without prompt": (url: URL) => url.searchParams.delete("prompt"),
  "with prompt=none": (url: URL) => url.searchParams.set("prompt", "none"),
} as const;

describe("a device signed out from another stays signed out", () => {
  for (const [how, tamper] of Object.entries(tampering)) {
    it(`replaying the portal's authorization request ${how} asks for the password again, or fails; never signs in`, async () => {
      const person = await createParticipant(stack, "greta");
      const lost = await signedIn(person);
      const kept = await signedIn(person);
      await signOutEverywhereElse(kept.browser);

      const outcome = await replay(lost.browser, await authorizationRequestOf(lost.browser, tamper));
      if (outcome.page === "identity") {
        expect(outcome.passwordAsked).toBe(true);
      } else {
        // prompt=none: the provider answers the portal with an error, and the portal signs nobody in.
        expect(outcome.callback.searchParams.get("code")).toBeNull();
        expect(outcome.callback.searchParams.get("error")).toBe("login_required");
        expect(outcome.dashboard).not.toBe(200);
      }
    });
  }

  it("after the idle limit ends the session, the same replay asks for the password again", async () => {
    const person = await createParticipant(stack, "greta");
    const idle = await signedIn(person);
    const leftAt = Date.now();
    // The participant comes back after the idle limit: the portal ends the session (and its sign-in at the provider).
    for (;;) {
      if (Date.now() - leftAt > (IDLE_SECONDS + 1) * 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const back = await idle.browser.request(new URL("/", stack.portalUrl));
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toMatch(/^\/session-expired/);
    await back.body?.cancel();

    const outcome = await replay(idle.browser, await authorizationRequestOf(idle.browser, tampering["without prompt"]));
    expect(outcome).toMatchObject({ page: "identity", passwordAsked: true });
  });

  it("the next person on that browser signs in as themselves, with password and code, and sees their own name", async () => {
    const first = await createParticipant(stack, "greta");
    const second = await createParticipant(stack, "iris");
    const shared = await signedIn(first);
    await signOutEverywhereElse((await signedIn(first)).browser);

    const next = await signedIn(second, shared.browser);
    expect(next.landing).toBe("/");
    const home = await next.browser.request(new URL("/", stack.portalUrl));
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain(second.firstName);
    expect(html).not.toContain(first.lastName);
  });
});
