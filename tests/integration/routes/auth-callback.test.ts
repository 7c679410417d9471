import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callCallback as callback, portalAgainstFakeProvider, startTransaction } from "./support/portal-under-test";

/**
 * The sign-in callback's loader, called directly against a small identity provider on a real socket.
 * Which screen a failed callback shows depends on remix-auth-oauth2's error classes and wording
 * (RangeError for a state mismatch, ReferenceError for a missing code or transaction): these tests
 * pin that contract, so a library upgrade that changes it fails here, not in front of a participant.
 */
const idp = portalAgainstFakeProvider();
let nonceForState: typeof import("~/services/idp.server").nonceForState;

beforeAll(async () => {
  nonceForState = (await import("~/services/idp.server")).nonceForState;
});

beforeEach(() => idp.reset());

const tokenRequests = () => idp.tokenRequests;
const idToken = (claims: Record<string, unknown>) => idp.idToken(claims);

async function screenOf(response: Response): Promise<{ status: number; code: string }> {
  return { status: response.status, code: ((await response.json()) as { code: string }).code };
}

describe("sign-in callback: which screen a failed sign-in shows", () => {
  it("without the transaction cookie: 'No transaction data was found in storage'", async () => {
    const { state } = await startTransaction();
    expect(await screenOf(await callback({ state, code: "abc" }))).toEqual({ status: 400, code: "noTransaction" });
    expect(tokenRequests()).toHaveLength(0);
  });

  it("a state that is not the transaction's: the library's RangeError becomes 'stateMismatch'", async () => {
    const { cookie } = await startTransaction();
    const { state: otherState } = await startTransaction();
    expect(await screenOf(await callback({ state: otherState, code: "abc" }, cookie))).toEqual({ status: 400, code: "stateMismatch" });
    expect(tokenRequests()).toHaveLength(0);
  });

  it("a malformed state is refused before the library is asked", async () => {
    const { cookie } = await startTransaction();
    expect(await screenOf(await callback({ state: "short", code: "abc" }, cookie))).toEqual({ status: 400, code: "stateMismatch" });
  });

  it("no code in the URL: the library's ReferenceError becomes 'missingCode'", async () => {
    const { cookie, state } = await startTransaction();
    expect(await screenOf(await callback({ state }, cookie))).toEqual({ status: 400, code: "missingCode" });
  });

  it("the IdP refuses the code (expired or used): 'flowTimedOut'", async () => {
    const { cookie, state } = await startTransaction();
    idp.answerTokenRequests(() => ({ status: 400, body: { error: "invalid_grant", error_description: "grant request is invalid" } }));
    expect(await screenOf(await callback({ state, code: "used-code" }, cookie))).toEqual({ status: 400, code: "flowTimedOut" });
    expect(tokenRequests()[0]?.get("code_verifier")).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
  });

  it("the IdP does not know the client: 'clientMismatch'", async () => {
    const { cookie, state } = await startTransaction();
    idp.answerTokenRequests(() => ({ status: 401, body: { error: "invalid_client" } }));
    expect(await screenOf(await callback({ state, code: "abc" }, cookie))).toEqual({ status: 400, code: "clientMismatch" });
  });

  it("an IdP failure the participant cannot fix: 'unknown' with 502", async () => {
    const { cookie, state } = await startTransaction();
    expect(await screenOf(await callback({ state, code: "abc" }, cookie))).toEqual({ status: 502, code: "unknown" });
  });

  it("an id token with another nonce: 'nonceMismatch', and no session cookie", async () => {
    const { cookie, state } = await startTransaction();
    const token = await idToken({ nonce: "not-the-nonce-of-this-state" });
    idp.answerTokenRequests(() => ({ status: 200, body: { access_token: "at", token_type: "Bearer", expires_in: 1800, id_token: token } }));
    const response = await callback({ state, code: "abc" }, cookie);
    expect(await screenOf(response)).toEqual({ status: 400, code: "nonceMismatch" });
    expect(response.headers.getSetCookie().join("\n")).not.toMatch(/portal_session/);
  });

  it.each([
    ["no amr at all", {}],
    ["a password alone", { amr: ["pwd"], acr: "urn:portal:loa:mfa" }],
    ["a code without the password", { amr: ["sms"], acr: "urn:portal:loa:mfa" }],
    ["an unknown assurance level", { amr: ["pwd", "sms"], acr: "urn:portal:loa:low" }],
  ])("an id token showing %s starts no session: 'secondFactorMissing'", async (_label, claims) => {
    const { cookie, state } = await startTransaction();
    const token = await idToken({ nonce: nonceForState(state), ...claims });
    idp.answerTokenRequests(() => ({ status: 200, body: { access_token: "at", token_type: "Bearer", expires_in: 300, id_token: token } }));
    const response = await callback({ state, code: "abc" }, cookie);
    expect(await screenOf(response)).toEqual({ status: 400, code: "secondFactorMissing" });
    expect(response.headers.getSetCookie().join("\n")).not.toMatch(/portal_session=[^;]/);
  });

  it.each([
    ["from a sign-in made before this request started", { auth_time: Math.floor(Date.now() / 1000) - 3600 }],
    ["that does not say when the participant signed in", { auth_time: undefined }],
  ])("an id token %s starts no session: 'staleAuthentication'", async (_label, claims) => {
    const { cookie, state } = await startTransaction();
    const token = await idToken({ nonce: nonceForState(state), amr: ["pwd", "sms"], acr: "urn:portal:loa:mfa", ...claims });
    idp.answerTokenRequests(() => ({ status: 200, body: { access_token: "at", token_type: "Bearer", expires_in: 300, id_token: token } }));
    const response = await callback({ state, code: "abc" }, cookie);
    expect(await screenOf(response)).toEqual({ status: 400, code: "staleAuthentication" });
    expect(response.headers.getSetCookie().join("\n")).not.toMatch(/portal_session=[^;]/);
  });

  it("a valid answer starts a session and returns to the portal with the transaction cookie cleared", async () => {
    const { cookie, state } = await startTransaction();
    const token = await idToken({ nonce: nonceForState(state), amr: ["pwd", "sms"], acr: "urn:portal:loa:mfa" });
    idp.answerTokenRequests(() => ({
      status: 200,
      body: { access_token: "at", token_type: "Bearer", expires_in: 1800, id_token: token, refresh_token: "rt" },
    }));
    const response = await callback({ state, code: "abc" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((line) => /^portal_oauth:[^=]*=;.*Max-Age=0/.test(line))).toBe(true);
    expect(cookies.some((line) => /^portal_session=[^;]+;.*HttpOnly/i.test(line))).toBe(true);
  });

  it("a browser that never chose a language gets the participant's profile language; one that chose keeps its choice", async () => {
    const signInWith = async (locale: string, extraCookie?: string) => {
      const { cookie, state } = await startTransaction();
      const token = await idToken({ nonce: nonceForState(state), amr: ["pwd", "sms"], acr: "urn:portal:loa:mfa", locale });
      idp.answerTokenRequests(() => ({
        status: 200,
        body: { access_token: "at", token_type: "Bearer", expires_in: 1800, id_token: token, refresh_token: "rt" },
      }));
      const response = await callback({ state, code: "abc" }, extraCookie ? `${cookie}; ${extraCookie}` : cookie);
      return response.headers.getSetCookie().filter((line) => line.startsWith("lang="));
    };
    const fresh = await signInWith("es-US");
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatch(/^lang=[^;]+;/);
    const { languageCookie } = await import("~/services/language.server");
    expect(await languageCookie.parse(fresh[0]!.split(";")[0]!)).toBe("es");
    const chosen = (await languageCookie.serialize("en")).split(";")[0]!;
    expect(await signInWith("es", chosen)).toEqual([]);
    expect(await signInWith("fr")).toEqual([]);
  });
});
