import { createHash, createHmac, randomBytes } from "node:crypto";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { AuthFlowError, checkIdTokenClaims, CLOCK_SKEW_SECONDS, isValidCodeVerifier, STATE_LENGTH } from "~/domain/oidc-checks";
import { env } from "./env.server";
import { callUpstream } from "./upstream.server";

/** The parts of the IdP's discovery document the portal uses. */
export type IdpMetadata = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  revocation_endpoint?: string;
  end_session_endpoint?: string;
  userinfo_endpoint?: string;
  code_challenge_methods_supported?: string[];
};

const DISCOVERY_TIMEOUT_MS = 3_000;
/** How long the key set is trusted before it is fetched again (a key it lacks is fetched at once, at most every 30 s). */
export const JWKS_CACHE_MS = 24 * 60 * 60 * 1000;

let metadata: Promise<IdpMetadata> | undefined;
let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;

function discoveryUrl(): URL {
  return new URL(".well-known/openid-configuration", env.IDP_ISSUER.endsWith("/") ? env.IDP_ISSUER : `${env.IDP_ISSUER}/`);
}

export interface ReachabilityCheckOptions {
  /** How long one check may take before the provider counts as unreachable. */
  timeoutMs: number;
  /** How long a success is trusted without asking again. */
  rememberMs: number;
  now?: () => number;
}

/**
 * Whether a URL answers with a 2xx, asked at most once per `rememberMs` while it does; concurrent
 * callers share one check. Failures are not remembered, so the first call after the provider is
 * back succeeds.
 */
export function createReachabilityCheck(url: () => URL, options: ReachabilityCheckOptions) {
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

const REACHABILITY_TIMEOUT_MS = 1_500;
const REACHABILITY_REMEMBERED_MS = 5_000;
const discoveryAnswers = createReachabilityCheck(discoveryUrl, {
  timeoutMs: REACHABILITY_TIMEOUT_MS,
  rememberMs: REACHABILITY_REMEMBERED_MS,
});

/**
 * Sign-in sends the browser to the provider, which the cached discovery document cannot vouch
 * for: this asks the discovery endpoint, quickly, and trusts a success for a few seconds.
 */
export function identityProviderReachable(): Promise<boolean> {
  return discoveryAnswers.reachable();
}

/**
 * How long the sign-in page may take to learn whether the provider can be reached, discovery and
 * reachability check together: the security document promises the 'unavailable' answer within 2 s.
 */
export const SIGN_IN_ANSWER_BUDGET_MS = 1_500;

/**
 * `work`'s result, or `outOfTime` once `budgetMs` has passed: one budget for a whole answer, however
 * many calls it makes. The work goes on after the budget (a discovery document it fetches is kept).
 */
export async function withinBudget<T, F>(work: () => Promise<T>, budgetMs: number, outOfTime: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const pending = work();
  pending.catch(() => undefined);
  try {
    return await Promise.race([pending, new Promise<F>((resolve) => (timer = setTimeout(() => resolve(outOfTime), budgetMs)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** The discovery document, fetched once and kept (SPEC.md §7: cached 24 hours, like the keys). */
export function idpMetadata(): Promise<IdpMetadata> {
  metadata ??= (async () => {
    const reply = await callUpstream({ upstream: "identity", url: discoveryUrl(), timeoutMs: DISCOVERY_TIMEOUT_MS });
    if (!reply.answered) throw new Error(`identity provider discovery did not answer (${reply.error})`);
    if (!reply.ok || !reply.body || typeof reply.body !== "object") throw new Error(`identity provider discovery answered ${reply.status}`);
    const document = reply.body as IdpMetadata;
    if (document.issuer !== env.IDP_ISSUER.replace(/\/$/, "")) throw new AuthFlowError("issuerMismatch");
    discoveryAnswers.markReached();
    return document;
  })().catch((error: unknown) => {
    metadata = undefined;
    throw error;
  });
  return metadata;
}

async function jwks() {
  if (!keySet) {
    const { jwks_uri } = await idpMetadata();
    keySet = createRemoteJWKSet(new URL(jwks_uri), {
      cacheMaxAge: JWKS_CACHE_MS,
      cooldownDuration: 30_000,
      timeoutDuration: DISCOVERY_TIMEOUT_MS,
    });
  }
  return keySet;
}

function translateJoseError(error: unknown): never {
  if (error instanceof AuthFlowError) throw error;
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
  try {
    const { payload } = await jwtVerify(token, await jwks(), {
      issuer: env.IDP_ISSUER.replace(/\/$/, ""),
      audience: options.audience,
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    return payload;
  } catch (error) {
    translateJoseError(error);
  }
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
  if (typeof claims.at_hash === "string" && claims.at_hash !== accessTokenHash(expected.accessToken)) {
    throw new AuthFlowError("tokenHashFailed");
  }
  return claims;
}

/** OpenID Connect at_hash for RS256: the left half of SHA-256 of the access token, base64url. */
export function accessTokenHash(accessToken: string): string {
  const digest = createHash("sha256").update(accessToken, "ascii").digest();
  return digest.subarray(0, digest.length / 2).toString("base64url");
}

/** 64 characters from 48 random bytes (SPEC.md §9). */
/**
 * 64 characters: when the sign-in started (6 bytes of seconds) and 42 random bytes. The nonce is bound
 * to the whole state, so the time in it is the portal's own.
 */
export function createState(now = Date.now()): string {
  const startedAt = Buffer.alloc(6);
  startedAt.writeUIntBE(Math.floor(now / 1000), 0, 6);
  const state = Buffer.concat([startedAt, randomBytes(42)]).toString("base64url");
  if (state.length !== STATE_LENGTH) throw new Error("state length");
  return state;
}

/** When the sign-in of `state` started, in seconds; null for a state this portal did not make. */
export function signInStartedAt(state: string): number | null {
  if (state.length !== STATE_LENGTH) return null;
  return Buffer.from(state, "base64url").readUIntBE(0, 6);
}

export function createCodeVerifier(): string {
  const verifier = randomBytes(64).toString("base64url");
  if (!isValidCodeVerifier(verifier)) throw new Error("code verifier");
  return verifier;
}

/**
 * The nonce is bound to the state by a keyed hash, so the callback can recompute it from the
 * state it has already matched against the transaction cookie; 64 characters like the state.
 */
export function nonceForState(state: string): string {
  return createHmac("sha384", env.SESSION_SECRET).update(`nonce:${state}`).digest("base64url");
}

function basicAuthorization(): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(env.IDP_CLIENT_ID)}:${encodeURIComponent(env.IDP_CLIENT_SECRET)}`).toString("base64")}`;
}

export type TokenSet = { accessToken: string; accessTokenExpiresAt: Date; refreshToken: string | null; idToken: string | null };

export class TokenEndpointError extends Error {
  readonly error: string;
  readonly description: string | null;
  readonly status: number;

  constructor(error: string, description: string | null, status: number) {
    super(description ?? error);
    this.error = error;
    this.description = description;
    this.status = status;
    this.name = "TokenEndpointError";
  }
}

/** A client-authenticated form POST to one of the provider's endpoints; no answer at all is an error. */
async function postForm(endpoint: string, form: Record<string, string>) {
  const reply = await callUpstream({
    upstream: "identity",
    url: endpoint,
    method: "POST",
    headers: { Authorization: basicAuthorization() },
    form,
    timeoutMs: DISCOVERY_TIMEOUT_MS * 2,
  });
  if (!reply.answered) throw new Error(`identity provider did not answer (${reply.error})`);
  return reply;
}

export function tokenSetFrom(json: Record<string, unknown>, previousRefreshToken: string | null = null): TokenSet {
  if (typeof json.access_token !== "string") throw new AuthFlowError("unparsableResponse");
  const expiresIn = typeof json.expires_in === "number" ? json.expires_in : 1800;
  return {
    accessToken: json.access_token,
    accessTokenExpiresAt: new Date(Date.now() + expiresIn * 1000),
    refreshToken: typeof json.refresh_token === "string" ? json.refresh_token : previousRefreshToken,
    idToken: typeof json.id_token === "string" ? json.id_token : null,
  };
}

export async function refreshTokens(refreshToken: string): Promise<TokenSet> {
  const { token_endpoint } = await idpMetadata();
  const response = await postForm(token_endpoint, { grant_type: "refresh_token", refresh_token: refreshToken });
  const json = (response.body && typeof response.body === "object" ? response.body : {}) as Record<string, unknown>;
  if (!response.ok) {
    throw new TokenEndpointError(
      String(json.error ?? "server_error"),
      typeof json.error_description === "string" ? json.error_description : null,
      response.status,
    );
  }
  return tokenSetFrom(json, refreshToken);
}

/** Revokes a token; a token the IdP already considers ended is not an error (RFC 7009 answers 200). */
export async function revokeToken(token: string, hint: "refresh_token" | "access_token"): Promise<void> {
  const { revocation_endpoint } = await idpMetadata();
  if (!revocation_endpoint) return;
  const response = await postForm(revocation_endpoint, { token, token_type_hint: hint });
  if (!response.ok && response.status !== 400) throw new Error(`revocation answered ${response.status}`);
}

export async function endSessionUrl(idToken: string | null, state: string): Promise<string | null> {
  const { end_session_endpoint } = await idpMetadata();
  if (!end_session_endpoint) return null;
  const url = new URL(end_session_endpoint);
  if (idToken) url.searchParams.set("id_token_hint", idToken);
  url.searchParams.set("post_logout_redirect_uri", `${env.PORTAL_URL}/auth/signed-out`);
  url.searchParams.set("state", state);
  url.searchParams.set("client_id", env.IDP_CLIENT_ID);
  return url.toString();
}
