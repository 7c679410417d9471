import { createHash, createHmac, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { createRemoteJWKSet, customFetch as joseFetch, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import * as oidc from "openid-client";
import { clientBasicAuthorization } from "~/domain/client-credentials";
import { AuthFlowError, checkIdTokenClaims, CLOCK_SKEW_SECONDS, STATE_LENGTH } from "~/domain/oidc-checks";
import { CallInsideTransactionError } from "../../lib/postgres/transaction-scope.ts";
import { env } from "./env.server";
import { callUpstream, upstreamFetch } from "./upstream.server";

/**
 * The portal as a relying party on openid-client: discovery, refresh, revocation and end-session, with
 * the secret in Basic auth form-encoded (RFC 6749 §2.3.1), every request logged as an upstream call.
 * The sign-in itself is remix-auth-oauth2's (authenticator.server.ts).
 */

const DISCOVERY_TIMEOUT_MS = 3_000;
const ENDPOINT_TIMEOUT_MS = 6_000;
/** How long the key set is trusted (a missing key is fetched at once, at most every 30 s): a minute, as the results service's. */
export const JWKS_CACHE_MS = 60_000;

const identityFetch = upstreamFetch("identity");
let configuration: Promise<oidc.Configuration> | undefined;
let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;

/**
 * Whether a URL answers a 2xx within `timeoutMs`, asked at most once per `rememberMs` while it does;
 * concurrent callers share one check. Failures are not remembered, so the first call after the
 * provider is back succeeds.
 */
export function createReachabilityCheck(url: () => URL, options: { timeoutMs: number; rememberMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  let reachedAt = -Infinity;
  let checking: Promise<boolean> | undefined;
  const check = async () => {
    const reply = await callUpstream({ upstream: "identity", url: url(), timeoutMs: options.timeoutMs });
    const reached = reply.answered && reply.ok;
    if (reached) reachedAt = now();
    return reached;
  };
  return {
    reachable(): Promise<boolean> {
      if (now() - reachedAt < options.rememberMs) return Promise.resolve(true);
      checking ??= check().finally(() => (checking = undefined));
      return checking;
    },
    /** Another request has just had an answer from the provider. */
    markReached(): void {
      reachedAt = now();
    },
  };
}

const discoveryAnswers = createReachabilityCheck(
  () => new URL(".well-known/openid-configuration", `${env.IDP_ISSUER.replace(/\/$/, "")}/`),
  { timeoutMs: 1_500, rememberMs: 5_000 },
);

/** Sign-in sends the browser to the provider, which the cached discovery document cannot vouch for: ask, quickly. */
export const identityProviderReachable = () => discoveryAnswers.reachable();

/** The sign-in page's budget to learn whether the provider can be reached: the security document promises an answer within 2 s. */
export const SIGN_IN_ANSWER_BUDGET_MS = 1_500;

/** `work`'s result, or `outOfTime` once `budgetMs` has passed; the work goes on (a discovery document it fetches is kept). */
export async function withinBudget<T, F>(work: () => Promise<T>, budgetMs: number, outOfTime: F): Promise<T | F> {
  const pending = work();
  pending.catch(() => undefined);
  const budget = new AbortController();
  return Promise.race([pending, sleep(budgetMs, outOfTime, { signal: budget.signal })]).finally(() => budget.abort());
}

/** A library's error with the call that was refused inside a database transaction as its cause: that error, as it is. */
function rethrowTransactionError(error: unknown): void {
  if (error instanceof Error && error.cause instanceof CallInsideTransactionError) throw error.cause;
}

/** The provider's configuration, discovered once and kept (SPEC.md §7: cached 24 hours, like the keys). */
function idpConfiguration(): Promise<oidc.Configuration> {
  configuration ??= (async () => {
    const issuer = new URL(env.IDP_ISSUER);
    const config = await oidc
      .discovery(issuer, env.IDP_CLIENT_ID, { [oidc.clockTolerance]: CLOCK_SKEW_SECONDS }, oidc.ClientSecretBasic(env.IDP_CLIENT_SECRET), {
        [oidc.customFetch]: identityFetch,
        timeout: DISCOVERY_TIMEOUT_MS / 1000,
        execute: issuer.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        rethrowTransactionError(error);
        if (error instanceof oidc.ClientError && error.code === "OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED")
          throw new AuthFlowError("issuerMismatch");
        throw error;
      });
    config.timeout = ENDPOINT_TIMEOUT_MS / 1000;
    discoveryAnswers.markReached();
    return config;
  })().catch((error: unknown) => {
    configuration = undefined;
    throw error;
  });
  return configuration;
}

export const idpMetadata = async () => (await idpConfiguration()).serverMetadata();

async function jwks() {
  if (!keySet) {
    const { jwks_uri } = await idpMetadata();
    if (!jwks_uri) throw new Error("the identity provider publishes no key set");
    keySet = createRemoteJWKSet(new URL(jwks_uri), {
      cacheMaxAge: JWKS_CACHE_MS,
      cooldownDuration: 30_000,
      timeoutDuration: DISCOVERY_TIMEOUT_MS,
      [joseFetch]: identityFetch,
    });
  }
  return keySet;
}

function translateJoseError(error: unknown): never {
  if (error instanceof joseErrors.JWKSNoMatchingKey) throw new AuthFlowError("keyNotFound");
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) throw new AuthFlowError("signatureInvalid");
  if (error instanceof joseErrors.JWTExpired) throw new AuthFlowError("expired");
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === "iss") throw new AuthFlowError("issuerMismatch");
    if (error.claim === "aud") throw new AuthFlowError("audienceMismatch");
    if (error.claim === "iat" || error.claim === "nbf") throw new AuthFlowError("issuedInFuture");
    throw new AuthFlowError("malformedToken");
  }
  if (error instanceof joseErrors.JOSEError) throw new AuthFlowError("malformedToken", error.code);
  throw error;
}

/** Verifies a JWT the IdP signed: signature through the (cached) key set, then the caller's claims. */
export async function verifyIdpJwt(token: string, options: { audience?: string } = {}): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, await jwks(), {
    issuer: env.IDP_ISSUER.replace(/\/$/, ""),
    audience: options.audience,
    clockTolerance: CLOCK_SKEW_SECONDS,
  }).catch(translateJoseError);
  return payload;
}

/** SPEC.md §5: id token signature, issuer, audience, nonce, expiry, issue time, and access-token hash. */
export async function verifyIdToken(idToken: string, expected: { nonce: string; accessToken: string }): Promise<JWTPayload> {
  const claims = await verifyIdpJwt(idToken);
  checkIdTokenClaims(claims, {
    issuer: env.IDP_ISSUER.replace(/\/$/, ""),
    clientId: env.IDP_CLIENT_ID,
    nonce: expected.nonce,
    now: Date.now(),
  });
  // at_hash for RS256: the left half of SHA-256 of the access token, base64url.
  const digest = createHash("sha256").update(expected.accessToken, "ascii").digest();
  if (typeof claims.at_hash === "string" && claims.at_hash !== digest.subarray(0, digest.length / 2).toString("base64url"))
    throw new AuthFlowError("tokenHashFailed");
  return claims;
}

/** 64 characters: when the sign-in started (6 bytes of seconds) and 42 random bytes; the nonce binds the whole state. */
export function createState(): string {
  const startedAt = Buffer.alloc(6);
  startedAt.writeUIntBE(Math.floor(Date.now() / 1000), 0, 6);
  return Buffer.concat([startedAt, randomBytes(42)]).toString("base64url");
}

/** When the sign-in of `state` started, in seconds; null for a state this portal did not make. */
export function signInStartedAt(state: string): number | null {
  if (state.length !== STATE_LENGTH) return null;
  return Buffer.from(state, "base64url").readUIntBE(0, 6);
}

/** A keyed hash of the state, so the callback recomputes it from the state the transaction cookie matched; 64 characters. */
export function nonceForState(state: string): string {
  return createHmac("sha384", env.SESSION_SECRET).update(`nonce:${state}`).digest("base64url");
}

/** The portal's client authentication (RFC 6749 §2.3.1: id and secret form-encoded, then Basic). */
export function basicAuthorization(): string {
  return clientBasicAuthorization(env.IDP_CLIENT_ID, env.IDP_CLIENT_SECRET);
}

export type TokenSet = { accessToken: string; accessTokenExpiresAt: Date; refreshToken: string | null; idToken: string | null };

export class TokenEndpointError extends Error {
  override name = "TokenEndpointError";
  readonly error: string;
  readonly status: number;

  constructor(error: string, description: string | null, status: number) {
    super(description ?? error);
    this.error = error;
    this.status = status;
  }
}

/** The provider's OAuth error answer as a TokenEndpointError; anything else (no answer) as it is. */
function endpointError(error: unknown): never {
  rethrowTransactionError(error);
  if (error instanceof oidc.ResponseBodyError) throw new TokenEndpointError(error.error, error.error_description ?? null, error.status);
  throw error;
}

export async function refreshTokens(refreshToken: string): Promise<TokenSet> {
  const tokens = await oidc.refreshTokenGrant(await idpConfiguration(), refreshToken).catch(endpointError);
  return {
    accessToken: tokens.access_token,
    accessTokenExpiresAt: new Date(Date.now() + (tokens.expiresIn() ?? 1800) * 1000),
    refreshToken: tokens.refresh_token ?? refreshToken,
    idToken: tokens.id_token ?? null,
  };
}

/** Revokes a token; a token the IdP already considers ended is not an error (RFC 7009 answers 200). */
export async function revokeToken(token: string, hint: "refresh_token" | "access_token"): Promise<void> {
  const config = await idpConfiguration();
  if (!config.serverMetadata().revocation_endpoint) return;
  await oidc.tokenRevocation(config, token, { token_type_hint: hint }).catch((error: unknown) => {
    if (error instanceof oidc.ResponseBodyError && error.status === 400) return;
    endpointError(error);
  });
}

export async function endSessionUrl(idToken: string | null, state: string): Promise<string | null> {
  const config = await idpConfiguration();
  if (!config.serverMetadata().end_session_endpoint) return null;
  return oidc
    .buildEndSessionUrl(config, {
      ...(idToken ? { id_token_hint: idToken } : {}),
      post_logout_redirect_uri: `${env.PORTAL_URL}/auth/signed-out`,
      state,
    })
    .toString();
}
