import { describe, expect, it } from "vitest";
import { AuthFlowError, checkIdTokenClaims, isWellFormedState, needsRenewal, recordRenewal } from "~/domain/oidc-checks";

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const nowSeconds = now / 1000;
const expected = { issuer: "https://idp.example", clientId: "participant-portal", nonce: "n".repeat(64), now };
const valid = { iss: expected.issuer, aud: expected.clientId, nonce: expected.nonce, exp: nowSeconds + 600, iat: nowSeconds, sub: "P1001" };

function failureOf(claims: Record<string, unknown>) {
  try {
    checkIdTokenClaims(claims, expected);
    return null;
  } catch (error) {
    return error instanceof AuthFlowError ? error.message : String(error);
  }
}

describe("id token claim checks (SPEC.md §5)", () => {
  it("accepts a token that matches the request", () => expect(failureOf(valid)).toBeNull());
  it("accepts the client among several audiences", () => expect(failureOf({ ...valid, aud: ["other", expected.clientId] })).toBeNull());
  it("refuses another issuer", () =>
    expect(failureOf({ ...valid, iss: "https://evil.example" })).toBe("The issuer of the token does not match the request"));
  it("refuses another audience", () =>
    expect(failureOf({ ...valid, aud: "someone-else" })).toBe("The audience of the token does not match the client"));
  it("refuses another nonce", () =>
    expect(failureOf({ ...valid, nonce: "x" })).toBe("OAuth flow response nonce doesn't match request nonce"));
  it("tolerates 300 s of clock skew on expiry", () =>
    expect(failureOf({ ...valid, iat: nowSeconds - 1000, exp: nowSeconds - 299 })).toBeNull());
  it("refuses a token expired beyond the skew", () =>
    expect(failureOf({ ...valid, iat: nowSeconds - 1000, exp: nowSeconds - 301 })).toBe("The JWT expired and is no longer valid"));
  it("refuses a token issued beyond the skew in the future", () =>
    expect(failureOf({ ...valid, iat: nowSeconds + 301 })).toBe("The JWT was issued in the future"));
  it("refuses a token that expires before it was issued", () =>
    expect(failureOf({ ...valid, iat: nowSeconds, exp: nowSeconds - 1 })).toBe("The JWT expired and is no longer valid"));
  it("refuses a token without a subject", () => expect(failureOf({ ...valid, sub: "" })).toBe("Malformed token"));
});

describe("request parameters (SPEC.md §5, §9)", () => {
  it("state is exactly 64 URL-safe characters", () => {
    expect(isWellFormedState("a".repeat(64))).toBe(true);
    expect(isWellFormedState("a".repeat(63))).toBe(false);
    expect(isWellFormedState(`${"a".repeat(63)}/`)).toBe(false);
    expect(isWellFormedState(null)).toBe(false);
  });
});

describe("token renewal (SPEC.md §9)", () => {
  it("renews 30 seconds before expiry", () => {
    expect(needsRenewal(new Date(now + 31_000), now)).toBe(false);
    expect(needsRenewal(new Date(now + 30_000), now)).toBe(true);
    expect(needsRenewal(new Date(now - 1), now)).toBe(true);
  });
  it("allows at most 10 renewals in 30 seconds", () => {
    let window: number[] = [];
    for (let i = 0; i < 10; i += 1) window = recordRenewal(window, now + i) ?? [];
    expect(window).toHaveLength(10);
    expect(recordRenewal(window, now + 11)).toBeNull();
    expect(recordRenewal(window, now + 40_000)).toHaveLength(1);
  });
});
