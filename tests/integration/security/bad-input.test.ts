import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentType, formBody, malformedBody, oversizedBody, queryValue } from "../../fuzz/bad-bodies";
import { createParticipant } from "../../support/create-participant";
import { contractCheckedFetch } from "../../support/results-contract";
import type { Stack } from "../../support/stack.ts";
import { portalActions, portalQueries } from "./support/portal-actions";
import { signIn, startSecureStack } from "./support/secure-stack";

/**
 * At least 5,000 generated bad requests to every action and query parameter of the portal and to
 * the platform APIs: never a 5xx, never a stack trace, a translated page for 4xx documents, and
 * 413 above the documented body limit.
 */

// The seed changes every run, so runs together cover far more; FUZZ_SCALE multiplies both for a deeper run.
const FUZZ_SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const BODIES_PER_ACTION = 250 * FUZZ_SCALE;
const VALUES_PER_QUERY = 100 * FUZZ_SCALE;
const CONCURRENCY = 8;
const STACK_TRACE = /\n\s+at .+:\d+:\d+|node_modules\//;

let stack: Stack;
let cookie: string;
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);
let sent = 0;

beforeAll(async () => {
  stack = await startSecureStack();
  // A participant of the suite's own: the password flow and banner actions change their state.
  cookie = (await signIn(stack, await createParticipant(stack, "iris"))).cookie;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  console.log(`bad-input suite: ${sent} requests, seed ${seed}`);
});

/** A body sent without Content-Length (Transfer-Encoding: chunked). */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 4096) controller.enqueue(bytes.subarray(offset, offset + 4096));
      controller.close();
    },
  });
}

type Problem = { request: string; status: number; reason: string };

async function check(request: string, url: URL, init: RequestInit, send: typeof fetch = fetch): Promise<Problem | null> {
  sent += 1;
  const response = await send(url, { redirect: "manual", ...init });
  const body = await response.text();
  if (response.status >= 500) return { request, status: response.status, reason: body.slice(0, 200) };
  if (STACK_TRACE.test(body)) return { request, status: response.status, reason: "stack trace in body" };
  const html = (response.headers.get("content-type") ?? "").includes("text/html");
  if (html && response.status >= 400 && !/<h1\b[^>]*>[^<]+</.test(body))
    return { request, status: response.status, reason: "4xx page without a message" };
  return null;
}

async function inParallel<T>(items: T[], run: (item: T) => Promise<Problem | null>): Promise<Problem[]> {
  const problems: Problem[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let item = items[next++]; item !== undefined; item = items[next++]) {
        const problem = await run(item);
        if (problem) problems.push(problem);
      }
    }),
  );
  return problems;
}

describe("generated bad input", () => {
  for (const action of portalActions.filter((candidate) => !candidate.endsSession)) {
    it(`POST ${action.path}: ${BODIES_PER_ACTION} bad bodies, no 5xx, no stack trace`, async () => {
      const bodies = fc.sample(fc.tuple(fc.oneof(formBody(Object.keys(action.validFields)), malformedBody), contentType), {
        numRuns: BODIES_PER_ACTION,
        seed,
      });
      const problems = await inParallel(bodies, ([body, type]) =>
        check(`${action.path} ${type} ${JSON.stringify(body).slice(0, 120)}`, new URL(action.path, stack.portalUrl), {
          method: "POST",
          headers: { origin: new URL(stack.portalUrl).origin, "content-type": type, ...(action.signedIn ? { cookie } : {}) },
          body,
        }),
      );
      expect(problems.slice(0, 5), `seed ${seed}`).toEqual([]);
    }, 180_000);
  }

  for (const query of portalQueries) {
    it(`GET ${query.path}: ${VALUES_PER_QUERY} bad query strings`, async () => {
      const values = fc.sample(fc.array(fc.tuple(fc.constantFrom(...query.parameters), queryValue()), { minLength: 1, maxLength: 4 }), {
        numRuns: VALUES_PER_QUERY,
        seed,
      });
      const problems = await inParallel(values, (pairs) => {
        const url = new URL(query.path, stack.portalUrl);
        for (const [name, value] of pairs) url.searchParams.append(name, value);
        return check(url.search, url, { headers: query.signedIn ? { cookie } : {} });
      });
      expect(problems.slice(0, 5), `seed ${seed}`).toEqual([]);
    }, 180_000);
  }

  it("the results API: bad tokens, ids and query strings are 4xx JSON", async () => {
    const cases = fc.sample(fc.tuple(queryValue(), queryValue(), queryValue()), { numRuns: 300, seed });
    // Each answer is also one the results API's document allows (status, content type, body).
    const send = contractCheckedFetch(() => stack.resultsUrl);
    const problems = await inParallel(cases, ([userId, sourceId, token]) => {
      // Buffer round-trip replaces lone surrogates, which encodeURIComponent refuses; "." and ".." would leave the path.
      const segment = encodeURIComponent(Buffer.from(userId).toString());
      const url = new URL(`/results/${["", ".", ".."].includes(segment) ? "x" : segment}`, stack.resultsUrl);
      url.searchParams.set("sourceID", sourceId);
      // Header values must be Latin-1 without control characters, or fetch refuses to send them.
      const headerSafe = token.replace(/[^\x20-\x7e]/g, "");
      return check(`results ${url.pathname}`, url, { headers: { authorization: `Bearer ${headerSafe}` } }, send).catch(
        (error: Error): Problem => ({ request: `results ${url.pathname}`, status: 0, reason: error.message.slice(0, 300) }),
      );
    });
    expect(problems.slice(0, 5)).toEqual([]);
  }, 120_000);

  it("the identity account API: bad JSON bodies without a valid token are 4xx", async () => {
    const cases = fc.sample(
      fc.tuple(
        fc.constantFrom("recover-password", "send-verification-code", "verify-code", "update-password"),
        fc.oneof(malformedBody, fc.json()),
      ),
      { numRuns: 300, seed },
    );
    const problems = await inParallel(cases, ([path, body]) =>
      check(`account ${path}`, new URL(`/api/account/${path}`, stack.identityUrl), {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer not-a-token" },
        body,
      }),
    );
    expect(problems.slice(0, 5)).toEqual([]);
  }, 120_000);

  it("a new share for a report named like an object's own machinery (`__proto__`, `constructor`) is a translated 404", async () => {
    for (const appId of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      sent += 1;
      const url = new URL("/shares/new", stack.portalUrl);
      url.searchParams.set("app", appId);
      const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
      expect(response.status, appId).toBe(404);
      expect(await response.text()).toMatch(/<h1[^>]*>We can(&#x27;|')t find that page</);
    }
  });

  it("a report app id that would move the report request to another path is a translated 400", async () => {
    for (const appId of [".", "..", " .. "]) {
      const response = await fetch(new URL("/results/report", stack.portalUrl), {
        method: "POST",
        redirect: "manual",
        headers: { origin: new URL(stack.portalUrl).origin, "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams({ appId }),
      });
      sent += 1;
      expect(response.status, appId).toBe(400);
      expect(await response.text(), appId).toContain("The request could not be understood.");
    }
  });

  it("bodies above the documented limit are refused with 413 by every action, with a declared length or streamed", async () => {
    for (const action of portalActions) {
      const field = Object.keys(action.validFields)[0] ?? "intent";
      const post = (body: BodyInit) =>
        fetch(new URL(action.path, stack.portalUrl), {
          method: "POST",
          redirect: "manual",
          headers: {
            origin: new URL(stack.portalUrl).origin,
            "content-type": "application/x-www-form-urlencoded",
            ...(action.signedIn && !action.endsSession ? { cookie } : {}),
          },
          body,
          duplex: "half",
        } as RequestInit);
      const declared = await post(oversizedBody(field));
      sent += 1;
      expect(declared.status, `${action.path} with Content-Length`).toBe(413);
      // An unknown path has no form to read: only a declared length can be refused there.
      if (action.route === "$.tsx") continue;
      const streamed = await post(chunked(oversizedBody(field)));
      sent += 1;
      expect(streamed.status, `${action.path} chunked`).toBe(413);
    }
  });

  it("sends at least 5,000 requests in all", () => {
    expect(sent).toBeGreaterThanOrEqual(5_000);
  });
});
