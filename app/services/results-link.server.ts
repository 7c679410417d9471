import { readAccessTokenPayload } from "~/domain/access-token-payload";
import { AuthFlowError } from "~/domain/oidc-checks";
import type { ResultsLinkRefusal } from "~/domain/results-link-refusal";
import { env } from "./env.server";
import { verifyIdpJwt } from "./idp.server";
import { startSession } from "./sign-in.server";

export type CheckedResultsLink =
  { ok: true; token: string; userId: string; email: string | null; expiresAt: Date } | { ok: false; refusal: ResultsLinkRefusal };

/**
 * SPEC.md §5 'Token checks', then signature, issuer, audience and expiry; and the token must have
 * been issued for a results link (type ACCESS): a portal access token is not a results link.
 */
export async function checkResultsLinkToken(token: unknown): Promise<CheckedResultsLink> {
  const checked = readAccessTokenPayload(token);
  if (!checked.ok) return { ok: false, refusal: { kind: "token", failure: checked.failure } };
  const verified = token as string;
  try {
    const claims = await verifyIdpJwt(verified, { audience: env.RESULTS_API_AUDIENCE ?? env.RESULTS_API_URL.replace(/\/$/, "") });
    if (claims.token_type !== "ACCESS") return { ok: false, refusal: { kind: "token", failure: "notResultsLink" } };
    return {
      ok: true,
      token: verified,
      userId: checked.payload.userId,
      email: checked.payload.email,
      expiresAt: new Date((claims.exp ?? 0) * 1000),
    };
  } catch (error) {
    if (error instanceof AuthFlowError) return { ok: false, refusal: { kind: "flow", code: error.code } };
    return { ok: false, refusal: { kind: "unavailable" } };
  }
}

/** The reduced session of a results-link visitor; the token leaves the address bar with the redirect. */
export function startResultsLinkSession(link: Extract<CheckedResultsLink, { ok: true }>) {
  return startSession(
    {
      userId: link.userId,
      tokenType: "ACCESS",
      email: link.email,
      fullName: null,
      sourceId: null,
      accessToken: link.token,
      accessTokenExpiresAt: link.expiresAt,
      refreshToken: null,
      idToken: null,
    },
    "/",
  );
}
