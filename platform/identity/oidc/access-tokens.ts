import { randomUUID } from "node:crypto";
import { createLocalJWKSet, importJWK, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { SigningKeys } from "./signing-keys.ts";

/** oidc-provider's own tolerance (id_token_hint, client assertions). */
export const CLOCK_TOLERANCE_SECONDS = 300;
/** Bearer tokens for the account API and userinfo: with 300 s a 5-minute access token opened the account API for 10. */
const ACCESS_TOKEN_CLOCK_TOLERANCE_SECONDS = 30;

interface VerifiedAccessToken extends JWTPayload {
  sub: string;
  uid?: string;
  email?: string;
  scope?: string;
  /** The grant the token belongs to (absent on results-link tokens). */
  gid?: string;
}

/** Checks a bearer token this provider issued for the results API (or a results link). */
export function createAccessTokenVerifier(keys: SigningKeys, issuer: string, audience: string) {
  // The key set follows rotations: built again whenever the published keys are another set.
  let published: SigningKeys["publicJwks"] | undefined;
  let jwks: ReturnType<typeof createLocalJWKSet> | undefined;
  const currentKeySet = () => {
    if (!jwks || published !== keys.publicJwks) {
      published = keys.publicJwks;
      jwks = createLocalJWKSet(published);
    }
    return jwks;
  };
  return async function verifyAccessToken(token: string): Promise<VerifiedAccessToken | null> {
    try {
      const { payload } = await jwtVerify(token, currentKeySet(), {
        issuer,
        audience,
        clockTolerance: ACCESS_TOKEN_CLOCK_TOLERANCE_SECONDS,
        algorithms: ["RS256"],
      });
      return typeof payload.sub === "string" ? (payload as VerifiedAccessToken) : null;
    } catch {
      return null;
    }
  };
}

type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;

export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization ?? "");
  return match?.[1] ?? null;
}

/**
 * The signed-in session a bearer token speaks for, or null: a results link opens results only, and the
 * token's grant must still stand (not revoked by sign-out, not ended by a new password).
 */
export async function liveSessionOf(
  deps: { verifyAccessToken: AccessTokenVerifier; grantIsLive: (grantId: string, accountId: string) => Promise<boolean> },
  authorization: string | undefined,
) {
  const accessToken = bearerToken(authorization);
  const claims = accessToken ? await deps.verifyAccessToken(accessToken) : null;
  if (!accessToken || !claims || claims.token_type === "ACCESS" || typeof claims.gid !== "string") return null;
  const accountId = claims.uid ?? claims.sub;
  return (await deps.grantIsLive(claims.gid, accountId)) ? { accountId, grantId: claims.gid, accessToken } : null;
}

export type LiveSessionDeps = Parameters<typeof liveSessionOf>[0];

export const RESULTS_LINK_TTL_SECONDS = 3600;

/** A JWT of type `typ` signed with the key that signs now, issued now and good for `expiresIn`. */
async function signJwt(
  keys: Pick<SigningKeys, "current">,
  typ: string,
  claims: JWTPayload & { iss: string; sub: string; aud: string },
  expiresIn: string,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: keys.current.kid, typ })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(await importJWK(keys.current, "RS256"));
}

/** SPEC §3 TOKEN-TYPE ACCESS: a short-lived token that opens one participant's results. */
export function signResultsLinkToken(
  keys: SigningKeys,
  claims: { issuer: string; audience: string; accountId: string; email: string },
): Promise<string> {
  const { issuer: iss, audience: aud, accountId, email } = claims;
  return signJwt(keys, "JWT", { uid: accountId, email, token_type: "ACCESS", iss, sub: accountId, aud }, `${RESULTS_LINK_TTL_SECONDS}s`);
}

/** How long a fresh verification stands for a sensitive request (a withdrawal) after the code was accepted. */
export const STEP_UP_TTL_SECONDS = 300;

/** How the participant proved it was them, as RFC 8176 names it: a text code, a voice call, the authenticator app, a passkey. */
export type StepUpMethod = "sms" | "voice" | "otp" | "hwk" | "rec";
const AMR: Record<StepUpMethod, string> = { sms: "sms", voice: "tel", otp: "otp", hwk: "hwk", rec: "rec" };

/** Proof that the participant just passed a code (or a passkey) for `purpose`: single-use (its jti), its own audience (never an access token). */
export function signStepUpProof(
  keys: SigningKeys,
  claims: { issuer: string; resultsAudience: string; accountId: string; purpose: string; method: StepUpMethod },
): Promise<string> {
  const { accountId, purpose } = claims;
  return signJwt(
    keys,
    "step-up+jwt",
    {
      uid: accountId,
      purpose,
      amr: [AMR[claims.method]],
      iss: claims.issuer,
      sub: accountId,
      aud: `${claims.resultsAudience.replace(/\/$/, "")}/step-up`,
      jti: randomUUID(),
    },
    `${STEP_UP_TTL_SECONDS}s`,
  );
}

/** This service's own token for the results service's `name` (a log, a notice feed): its own audience and type, never a participant's. */
export function signServiceToken(
  keys: SigningKeys,
  claims: { issuer: string; resultsAudience: string },
  name: string,
  expiresIn: string,
  extra: JWTPayload = {},
): Promise<string> {
  const aud = `${claims.resultsAudience.replace(/\/$/, "")}/${name}`;
  return signJwt(keys, `${name}+jwt`, { ...extra, iss: claims.issuer, sub: "identity-provider", aud }, expiresIn);
}

/** The counselling team's token for the results service's request queue: its own audience and type (never a participant's), one working day. */
export function signCounsellingTeamToken(
  keys: Pick<SigningKeys, "current">,
  claims: { issuer: string; resultsAudience: string; member: string },
): Promise<string> {
  const aud = `${claims.resultsAudience.replace(/\/$/, "")}/counselling-queue`;
  return signJwt(keys, "counselling-team+jwt", { scope: "counselling-queue", iss: claims.issuer, sub: claims.member, aud }, "12h");
}
