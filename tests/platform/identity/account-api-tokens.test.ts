import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_TTL_SECONDS } from "../../../platform/identity/oidc/provider.ts";
import { basicAuth, changePasswordFromSecondSignIn, identityServiceForSuite, participants, tokensFor } from "./support.ts";

/**
 * The account API changes passwords and sign-in methods: it takes an access token only while the token
 * is live (its expiry, with 30 s for clocks that differ) and its grant still stands (not signed out,
 * not ended by a new password).
 */
const idp = identityServiceForSuite();

afterEach(() => {
  vi.useRealTimers();
});

/** Tokens are issued and checked by the wall clock (oidc-provider, jose): the test moves it, only it. */
const wallClockAt = (at: number) => vi.useFakeTimers({ toFake: ["Date"], now: at });

const [ada, , , katherine, hedy] = participants;
if (!ada || !katherine || !hedy) throw new Error("the test participants are missing");

async function accountApi(operation: string, token: string, body: Record<string, unknown> = {}) {
  const response = await fetch(new URL(`/api/account/${operation}`, idp.url), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  await response.body?.cancel();
  return response.status;
}

describe("account API: which access tokens it takes", () => {
  it("takes a token 20 s past its expiry, and refuses one 60 s past it (30 s clock tolerance, not 300 s)", async () => {
    const { tokens } = await tokensFor(idp.url, ada);
    expect(await accountApi("factors", tokens.access_token)).toBe(200);
    const expiresAt = (JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as { exp: number }).exp * 1000;
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_SECONDS * 1000);
    wallClockAt(expiresAt + 20_000);
    expect(await accountApi("factors", tokens.access_token)).toBe(200);
    wallClockAt(expiresAt + 60_000);
    expect(await accountApi("factors", tokens.access_token)).toBe(401);
  });

  it("refuses a token whose grant was revoked (the portal's sign-out revokes the refresh token)", async () => {
    const { tokens } = await tokensFor(idp.url, katherine);
    expect(await accountApi("factors", tokens.access_token)).toBe(200);
    const revoked = await fetch(new URL("/token/revocation", idp.url), {
      method: "POST",
      headers: { authorization: basicAuth(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token, token_type_hint: "refresh_token" }),
    });
    expect(revoked.status).toBe(200);
    expect(await accountApi("factors", tokens.access_token)).toBe(401);
    expect(await accountApi("recover-password", tokens.access_token)).toBe(401);
  });

  it("refuses the other sessions' tokens once the password changed, and keeps the caller's", async () => {
    const { other, caller, steps } = await changePasswordFromSecondSignIn(idp, hedy, {
      password: "a-fresh-sequence-2026",
      attemptId: "attempt-one-0001",
    });
    expect(steps).toEqual([200, 200, 200, 200]);
    expect(await accountApi("factors", other.access_token)).toBe(401);
    expect(await accountApi("recover-password", other.access_token)).toBe(401);
    expect(await accountApi("factors", caller.access_token)).toBe(200);
  });
});
