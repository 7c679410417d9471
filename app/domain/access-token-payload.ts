import { decodeJwt } from "jose";
import * as z from "zod";

/**
 * SPEC.md §5 'Token checks (results)': a token must be a string with a decodable payload; no token,
 * no user id claim or no issuer is an error (worded for participants by results-link-refusal.ts).
 */
export type TokenCheckFailure = "missing" | "missingUserId" | "missingIssuer" | "malformed";

/** A claim that is a non-empty string, else none. */
const text = z.string().min(1).optional().catch(undefined);

const ClaimsSchema = z.object({
  uid: text,
  username: text,
  iss: text,
  email: z.string().nullable().catch(null),
  exp: z.number().nullable().catch(null),
  token_type: z.string().nullable().catch(null),
});

export function readAccessTokenPayload(token: unknown) {
  if (typeof token !== "string" || token.length === 0) return { ok: false, failure: "missing" } as const;
  if (token.length > 8192) return { ok: false, failure: "malformed" } as const;
  let claims: z.output<typeof ClaimsSchema>;
  try {
    // Three parts, the middle one a JSON object; the signature is the caller's to verify.
    claims = ClaimsSchema.parse(decodeJwt(token));
  } catch {
    return { ok: false, failure: "malformed" } as const;
  }
  // The user id claim, falling back to the upper-cased username claim (SPEC.md §3).
  const userId = claims.uid ?? claims.username?.toUpperCase();
  if (!userId) return { ok: false, failure: "missingUserId" } as const;
  if (!claims.iss) return { ok: false, failure: "missingIssuer" } as const;
  const payload = { userId, issuer: claims.iss, email: claims.email, expiresAt: claims.exp, tokenType: claims.token_type };
  return { ok: true, payload } as const;
}
