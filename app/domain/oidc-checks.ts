import { flow as authErrorMessages } from "~/locales/en/auth.json";

/**
 * SPEC.md §5 'Identity provider checks' and §9 constants that do not need I/O.
 * Messages are the SPEC.md §8 wording, kept in the auth catalog; screens translate them by their key.
 */
export const CLOCK_SKEW_SECONDS = 300;
const TOKEN_EARLY_EXPIRY_SECONDS = 30;
const MAX_RENEWALS = 10;
const RENEWAL_WINDOW_SECONDS = 30;
export const STATE_LENGTH = 64;

/** What the identity provider says about how the participant signed in (id token `acr` and `amr`). */
export const MULTI_FACTOR_ACR = "urn:portal:loa:mfa";
/** A device where the participant passed a second factor before (the provider's remember-device cookie). */
export const REMEMBERED_DEVICE_ACR = "urn:portal:loa:remembered-device";
const SECOND_FACTOR_AMR = new Set(["sms", "voice", "otp", "hwk", "swk", "mfa"]);

/**
 * Defence in depth if the provider were misconfigured: a participant session needs a password and a
 * second factor in this sign-in, or a password on a device that passed a second factor before, or a
 * passkey with the participant verified on the device (a key and a PIN or biometric: both factors).
 */
export function showsSecondFactor(claims: Record<string, unknown>): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((method): method is string => typeof method === "string") : [];
  if (claims.acr === MULTI_FACTOR_ACR && amr.includes("hwk") && amr.includes("user")) return true;
  if (!amr.includes("pwd")) return false;
  if (claims.acr === MULTI_FACTOR_ACR) return amr.some((method) => SECOND_FACTOR_AMR.has(method));
  return claims.acr === REMEMBERED_DEVICE_ACR;
}

export type AuthErrorCode = Exclude<keyof typeof authErrorMessages, "accessDenied">;

export class AuthFlowError extends Error {
  readonly code: AuthErrorCode;
  readonly detail?: string;

  constructor(code: AuthErrorCode, detail?: string) {
    super(authErrorMessages[code]);
    this.code = code;
    this.detail = detail;
    this.name = "AuthFlowError";
  }
}

/** SPEC.md §9: state and nonce are 64 characters. */
export function isWellFormedState(state: unknown): state is string {
  return typeof state === "string" && state.length === STATE_LENGTH && /^[A-Za-z0-9_-]+$/.test(state);
}

/** The claim checks of SPEC.md §5 once the signature is verified; throws the first that fails. */
export function checkIdTokenClaims(
  claims: Record<string, unknown>,
  expected: { issuer: string; clientId: string; nonce: string; now: number },
): void {
  if (claims.iss !== expected.issuer) throw new AuthFlowError("issuerMismatch");
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) throw new AuthFlowError("audienceMismatch");
  if (claims.nonce !== expected.nonce) throw new AuthFlowError("nonceMismatch");
  const nowSeconds = Math.floor(expected.now / 1000);
  if (typeof claims.exp !== "number" || claims.exp + CLOCK_SKEW_SECONDS < nowSeconds) throw new AuthFlowError("expired");
  if (typeof claims.iat !== "number" || claims.iat - CLOCK_SKEW_SECONDS > nowSeconds) throw new AuthFlowError("issuedInFuture");
  if (claims.exp < claims.iat) throw new AuthFlowError("expired");
  if (typeof claims.sub !== "string" || claims.sub.length === 0) throw new AuthFlowError("malformedToken");
}

/** How far the identity provider's clock may run behind the portal's when it says when the participant signed in. */
const AUTH_TIME_TOLERANCE_SECONDS = 60;

/**
 * The id token must come from a sign-in made for this request (`auth_time` no earlier than when the
 * portal started it): never from an earlier sign-in that an ended session left at the provider.
 */
export function checkFreshAuthentication(authTime: unknown, signInStartedAtSeconds: number | null): void {
  if (typeof authTime !== "number" || signInStartedAtSeconds === null) throw new AuthFlowError("staleAuthentication");
  if (authTime + AUTH_TIME_TOLERANCE_SECONDS < signInStartedAtSeconds) throw new AuthFlowError("staleAuthentication");
}

/** SPEC.md §4: a token is valid only while its expiry is later than now; renew 30 s early. */
export function needsRenewal(expiresAt: Date, now: number): boolean {
  return expiresAt.getTime() - TOKEN_EARLY_EXPIRY_SECONDS * 1000 <= now;
}

/** SPEC.md §9: renewal throttled at 10 renewals in 30 seconds. Returns the kept window or null when over. */
export function recordRenewal(previous: readonly number[], now: number): number[] | null {
  const recent = previous.filter((at) => now - at < RENEWAL_WINDOW_SECONDS * 1000);
  if (recent.length >= MAX_RENEWALS) return null;
  return [...recent, now];
}
