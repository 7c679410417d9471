import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParticipant, type TestParticipant } from "../../support/create-participant";
import type { Stack } from "../../support/stack.ts";
import { signIn, startSecureStack } from "../security/support/secure-stack";

/**
 * The real stack with its upstreams failing: the results service stopped under load, a slow
 * results answer, the identity provider stopped, and the portal itself restarted.
 */

const ATTEMPT_TIMEOUT_MS = 1_500;
/** Three attempts, each bounded by the per-attempt timeout, plus slack for rendering on 2 cores. */
const RETRY_BUDGET_MS = 3 * ATTEMPT_TIMEOUT_MS + 3_000;
// Matched as element text: the page also carries its translations as data for the browser.
const NETWORK_ERROR = ">Oops! There Was an Unexpected Issue With the Network<";
const ADA_APP_LABEL = ">Traits<";
/** How long the open breaker answers at once before it lets one call through to see whether the service is back. */
const BREAKER_HALF_OPEN_MS = 1_000;
/** One dashboard page under this test's load of eight connections on a 2-core machine. */
const ONE_PAGE_MS = 1_000;
/** How long the portal trusts a successful check that the identity provider answers. */
const REACHABILITY_REMEMBERED_MS = 5_000;

let stack: Stack;
let cookie: string;
let ada: TestParticipant;

beforeAll(async () => {
  // Each page here waits for its own outcome (the waiting page that answers slow results early has its own e2e test).
  stack = await startSecureStack({
    RESULTS_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
    RESULTS_BREAKER_HALF_OPEN_MS: String(BREAKER_HALF_OPEN_MS),
    RESULTS_WAIT_PAGE_AFTER_MS: "60000",
  });
  ada = await createParticipant(stack, "ada");
  cookie = (await signIn(stack, ada)).cookie;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

interface Outcome {
  startedAt: number;
  ms: number;
  status?: number;
  networkError?: boolean;
  results?: boolean;
  failure?: string;
}

async function dashboard(): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    const response = await fetch(new URL("/", stack.portalUrl), { headers: { cookie }, redirect: "manual" });
    const body = await response.text();
    return {
      startedAt,
      ms: Date.now() - startedAt,
      status: response.status,
      networkError: body.includes(NETWORK_ERROR),
      results: body.includes(ADA_APP_LABEL) && !body.includes(NETWORK_ERROR),
    };
  } catch (error) {
    return { startedAt, ms: Date.now() - startedAt, failure: String(error) };
  }
}

/** Keeps `connections` dashboard requests going until stop() is called. */
function load(connections: number) {
  const outcomes: Outcome[] = [];
  let running = true;
  const workers = Array.from({ length: connections }, async () => {
    while (running) outcomes.push(await dashboard());
  });
  return {
    outcomes,
    async until(predicate: (outcome: Outcome) => boolean) {
      for (;;) {
        const found = outcomes.find(predicate);
        if (found) return found;
        outcomes.push(await dashboard());
      }
    },
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

describe("results service stopped in the middle of a load run", () => {
  it("answers every request within the retry budget, shows the network error screen, and recovers by the breaker's next probe once the service is back", async () => {
    const run = load(8);
    await run.until((outcome) => outcome.results === true);
    await stack.results.stop({ hard: true });
    const stoppedAt = Date.now();
    await run.until((outcome) => outcome.startedAt > stoppedAt && outcome.networkError === true);
    await stack.results.start();
    const backAt = Date.now();
    const recovered = await run.until((outcome) => outcome.startedAt >= backAt && outcome.results === true);
    await run.stop();

    // The breaker lets its next probe through at most one half-open window after the service is back.
    expect(recovered.startedAt + recovered.ms - backAt).toBeLessThan(BREAKER_HALF_OPEN_MS + ONE_PAGE_MS);
    expect(run.outcomes.filter((outcome) => outcome.failure)).toEqual([]);
    expect(Math.max(...run.outcomes.map((outcome) => outcome.ms))).toBeLessThan(RETRY_BUDGET_MS);
    expect(run.outcomes.filter((outcome) => !outcome.results && !outcome.networkError)).toEqual([]);
    expect(stack.portal.isRunning()).toBe(true);
  }, 120_000);
});

describe("slow results service", () => {
  it("treats an answer slower than the per-attempt timeout as a failure and retries", async () => {
    const rule = await fetch(new URL("/dev/faults", stack.resultsUrl), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ failNext: 1, delayMs: ATTEMPT_TIMEOUT_MS + 1_500, userID: ada.userId }),
    });
    expect(rule.status).toBe(200);
    const outcome = await dashboard();
    expect(outcome.results).toBe(true);
    expect(outcome.ms).toBeGreaterThanOrEqual(ATTEMPT_TIMEOUT_MS);
    expect(outcome.ms).toBeLessThan(ATTEMPT_TIMEOUT_MS + 1_500);
    const { faults } = (await (await fetch(new URL("/dev/faults", stack.resultsUrl))).json()) as { faults: unknown[] };
    expect(faults).toEqual([]);
  });
});

async function languageCookie(lang: string): Promise<string> {
  const response = await fetch(new URL("/language", stack.portalUrl), {
    method: "POST",
    redirect: "manual",
    headers: { origin: new URL(stack.portalUrl).origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ lang, returnTo: "/" }),
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

function signInPage(headers: Record<string, string> = {}) {
  return fetch(new URL("/auth/sign-in", stack.portalUrl), { headers, redirect: "manual" });
}

describe("identity provider stopped", () => {
  it("sign-in shows the translated 'unavailable' screen quickly, keeps the session, signed-in pages keep working, and sign-in works again when it is back", async () => {
    const unavailable = {
      en: "The sign-in service is not available right now. Please try again in a few minutes.",
      es: "El servicio de inicio de sesión no está disponible en este momento. Vuelva a intentarlo en unos minutos.",
    };
    const cookies = { en: await languageCookie("en"), es: await languageCookie("es") };
    await stack.identity.stop();
    const stoppedAt = Date.now();
    try {
      // A success is trusted for a few seconds: until then sign-in may still redirect.
      for (;;) {
        const startedAt = Date.now();
        const response = await signInPage();
        await response.body?.cancel();
        expect(Date.now() - startedAt).toBeLessThan(2_000);
        if (response.status === 503) break;
        expect(response.status).toBe(302);
        expect(Date.now() - stoppedAt).toBeLessThan(REACHABILITY_REMEMBERED_MS + 2_000);
        // Polling interval while the remembered success runs out (not a test sleep).
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      for (const lang of ["en", "es"] as const) {
        const startedAt = Date.now();
        const response = await signInPage({ cookie: cookies[lang] });
        const body = await response.text();
        expect(response.status, lang).toBe(503);
        expect(Date.now() - startedAt, lang).toBeLessThan(2_000);
        expect(body, lang).toContain(unavailable[lang]);
        expect(body).not.toMatch(/\n\s+at .+:\d+:\d+/);
      }
      // A signed-in participant needs no identity provider to reach sign-in: it goes back to the portal, and the session is kept.
      const signedIn = await signInPage({ cookie });
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toBe("/");
      expect((await dashboard()).results).toBe(true);
    } finally {
      await stack.identity.start();
    }
    const back = await signInPage();
    expect(back.status).toBe(302);
    expect(new URL(back.headers.get("location") ?? "", stack.portalUrl).origin).toBe(new URL(stack.identityUrl).origin);
  }, 60_000);
});

describe("portal restarted", () => {
  it("keeps sessions: the same cookie opens the dashboard after a restart", async () => {
    await stack.portal.stop();
    await stack.portal.start();
    expect((await dashboard()).results).toBe(true);
  }, 120_000);
});
