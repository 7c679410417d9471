import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParticipant } from "../../support/create-participant";
import type { Stack } from "../../support/stack.ts";
import { signIn, startSecureStack } from "./support/secure-stack";

/**
 * The portal's client secret as `openssl rand -base64 32` makes it about half the time: with `+` and
 * `/`, and here `%` and `:` too. RFC 6749 §2.3.1 form-encodes the client id and secret before they are
 * joined for Basic authentication; unencoded, the provider reads `+` as a space and refuses the client.
 */
const SECRET = "q7+Vd/Xk2%3A:Lm9+Tz/Rw4%Hb:Np6+Gc/Js8=";

const stacks: Stack[] = [];
afterAll(async () => {
  await Promise.all(stacks.map((stack) => stack.stop()));
});

async function readiness(stack: Stack) {
  const response = await fetch(new URL("/readyz", stack.portalUrl));
  return { status: response.status, body: (await response.json()) as { checks: Record<string, string> } };
}

/** The start-up check runs once the provider answers; waits for its word, not for a time. */
async function settledReadiness(stack: Stack) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await readiness(stack);
    if (answer.body.checks.identityClient !== "unknown" || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a client secret with +, /, % and :", { timeout: 180_000 }, () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startSecureStack({ IDP_CLIENT_SECRET: SECRET }, { PORTAL_CLIENT_SECRET: SECRET });
    stacks.push(stack);
  }, 180_000);

  it("signs a participant in: the code exchange authenticates the portal", async () => {
    const ada = await createParticipant(stack, "ada");
    const { browser, landing } = await signIn(stack, ada);
    expect(new URL(landing, stack.portalUrl).pathname).toBe("/");
    const dashboard = await browser.request(new URL("/", stack.portalUrl));
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("My Results");
  });

  it("is checked at start-up and found right", async () => {
    const { status, body } = await settledReadiness(stack);
    expect(body.checks.identityClient).toBe("ok");
    expect(status).toBe(200);
  });
});

describe("a client secret the provider does not know", { timeout: 180_000 }, () => {
  it("takes the instance out of service at start-up, naming the setting, never its value", async () => {
    const stack = await startSecureStack({ IDP_CLIENT_SECRET: `${SECRET}-wrong` }, { PORTAL_CLIENT_SECRET: SECRET });
    stacks.push(stack);
    const { status, body } = await settledReadiness(stack);
    expect(body.checks.identityClient).toBe("refused");
    expect(status).toBe(503);
    const logged = stack.portal.output();
    expect(logged).toContain('"alert":"identity-client-refused"');
    expect(logged).toContain("IDP_CLIENT_SECRET");
    expect(logged).not.toContain(SECRET);
  });
});
