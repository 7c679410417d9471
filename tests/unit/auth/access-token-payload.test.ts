import { describe, expect, it } from "vitest";
import { readAccessTokenPayload } from "~/domain/access-token-payload";

const token = (payload: unknown) => `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.c2ln`;

describe("results token checks (SPEC.md §5, §8)", () => {
  it("no token: 'no access token present'", () => {
    expect(readAccessTokenPayload(undefined)).toEqual({ ok: false, failure: "missing" });
    expect(readAccessTokenPayload("")).toEqual({ ok: false, failure: "missing" });
  });
  it("a payload that does not decode is malformed", () => {
    expect(readAccessTokenPayload("abc")).toEqual({ ok: false, failure: "malformed" });
    expect(readAccessTokenPayload("a.%%%.c")).toEqual({ ok: false, failure: "malformed" });
    expect(readAccessTokenPayload(token([1, 2]))).toEqual({ ok: false, failure: "malformed" });
  });
  it("no user id claim: 'Invalid JWT payload: Missing user ID'", () => {
    expect(readAccessTokenPayload(token({ iss: "https://idp" }))).toEqual({ ok: false, failure: "missingUserId" });
  });
  it("no issuer: 'Invalid JWT payload: Missing issuer'", () => {
    expect(readAccessTokenPayload(token({ uid: "P1001" }))).toEqual({ ok: false, failure: "missingIssuer" });
  });
  it("falls back to the upper-cased username claim", () => {
    const result = readAccessTokenPayload(token({ username: "p1001", iss: "https://idp" }));
    expect(result.ok && result.payload.userId).toBe("P1001");
  });
  it("reads user id, issuer, e-mail, expiry and token type", () => {
    const result = readAccessTokenPayload(
      token({ uid: "P1001", iss: "https://idp", email: "a@example.test", exp: 5, token_type: "ACCESS" }),
    );
    expect(result).toEqual({
      ok: true,
      payload: { userId: "P1001", issuer: "https://idp", email: "a@example.test", expiresAt: 5, tokenType: "ACCESS" },
    });
  });
});
