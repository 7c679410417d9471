import { decodeJwt } from "jose";

/**
 * SPEC.md §5 'Token checks (results)': a token must be a string with a decodable payload; no token,
 * no user id claim or no issuer is an error (worded for participants by results-link-refusal.ts).
 */
export type TokenCheckFailure = "missing" | "missingUserId" | "missingIssuer" | "malformed";

export type AccessTokenPayload = {
  userId: string;
  issuer: string;
  email: string | null;
  expiresAt: number | null;
  tokenType: string | null;
};

/** The user id claim, falling back to the upper-cased username claim (SPEC.md §3). */
function userIdOf(payload: Record<string, unknown>): string | null {
  if (typeof payload.uid === "string" && payload.uid) return payload.uid;
  if (typeof payload.username === "string" && payload.username) return payload.username.toUpperCase();
  return null;
}

export function readAccessTokenPayload(
  token: unknown,
): { ok: true; payload: AccessTokenPayload } | { ok: false; failure: TokenCheckFailure } {
  if (typeof token !== "string" || token.length === 0) return { ok: false, failure: "missing" };
  if (token.length > 8192) return { ok: false, failure: "malformed" };
  let payload: Record<string, unknown>;
  try {
    // Three parts, the middle one a JSON object; the signature is the caller's to verify.
    payload = decodeJwt(token);
  } catch {
    return { ok: false, failure: "malformed" };
  }
  const userId = userIdOf(payload);
  if (!userId) return { ok: false, failure: "missingUserId" };
  if (typeof payload.iss !== "string" || !payload.iss) return { ok: false, failure: "missingIssuer" };
  return {
    ok: true,
    payload: {
      userId,
      issuer: payload.iss,
      email: typeof payload.email === "string" ? payload.email : null,
      expiresAt: typeof payload.exp === "number" ? payload.exp : null,
      tokenType: typeof payload.token_type === "string" ? payload.token_type : null,
    },
  };
}
