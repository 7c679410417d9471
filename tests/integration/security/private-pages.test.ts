import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParticipant } from "../../support/create-participant";
import type { Stack } from "../../support/stack.ts";
import { signIn, startSecureStack } from "./support/secure-stack";

/**
 * Pages that carry a participant's data are never stored by a browser or a proxy, error pages
 * included; and a page that cannot tell whether the participant may see it because the results
 * service is down says 'try again' (503), not 'not found'.
 */
let stack: Stack;
let cookie: string;

beforeAll(async () => {
  stack = await startSecureStack();
  ({ cookie } = await signIn(stack, await createParticipant(stack, "elena")));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const page = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, stack.portalUrl), { redirect: "manual", ...init, headers: { cookie, ...init.headers } });

describe("a signed-in 404 page", () => {
  it("carries the participant's name and is never stored", async () => {
    const response = await page("/no-such-page");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Elena");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("is never stored when nobody is signed in either", async () => {
    const response = await fetch(new URL("/no-such-page", stack.portalUrl), { redirect: "manual" });
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

// Last: it stops the results service.
describe("withdrawal while the results service is down", () => {
  it("answers 503 'try again' for the withdrawal page, its form posts and My Studies, not 404", async () => {
    expect((await page("/profile/studies/withdraw")).status).toBe(200);
    await stack.results.stop();

    const withdraw = await page("/profile/studies/withdraw");
    expect(withdraw.status).toBe(503);
    expect(withdraw.headers.get("cache-control")).toBe("no-store");
    expect(await withdraw.text()).toContain("Please try again in a few minutes");

    for (const fields of [
      { intent: "send-code", choice: "stop-research", authMethod: "sms" },
      { intent: "verify", authCode: "123456" },
    ] as Record<string, string>[]) {
      const posted = await page("/profile/studies/withdraw", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(stack.portalUrl).origin },
        body: new URLSearchParams(fields).toString(),
      });
      expect(posted.status, fields.intent).toBe(503);
    }
    expect((await page("/profile/studies")).status).toBe(503);
  });
});
