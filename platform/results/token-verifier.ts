import { createRemoteJWKSet, errors, jwtVerify } from "jose";

export interface VerifiedCaller {
  /** The participant the token speaks for (the `uid` claim). */
  userId: string;
  subject: string | undefined;
  /** 'ACCESS' for results-link tokens, undefined for ordinary access tokens. */
  tokenType: string | undefined;
}

export class RequestError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Accepted clock difference between the identity provider and this service. */
const CLOCK_TOLERANCE_SECONDS = 30;

/**
 * Checks bearer tokens offline against the identity provider's published keys: signature, issuer,
 * audience (this API) and expiry. Ordinary access tokens and results-link tokens are checked alike.
 */
export function createTokenVerifier(options: { issuer: string; audience: string; jwksUrl: string }) {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });

  return async function verifyBearer(authorization: string | undefined): Promise<VerifiedCaller> {
    const token = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(authorization ?? "")?.[1];
    if (!token) throw new RequestError(401, "no access token present");
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["exp"],
      });
      if (typeof payload.uid !== "string" || payload.uid.length === 0) {
        throw new RequestError(401, "Invalid JWT payload: Missing user ID");
      }
      return {
        userId: payload.uid,
        subject: payload.sub,
        tokenType: typeof payload.token_type === "string" ? payload.token_type : undefined,
      };
    } catch (error) {
      if (error instanceof RequestError) throw error;
      if (error instanceof errors.JWKSTimeout || isKeyFetchFailure(error)) {
        throw new RequestError(503, "The identity provider's keys could not be fetched");
      }
      if (error instanceof errors.JWTExpired) throw new RequestError(401, "The access token has expired");
      throw new RequestError(401, "The access token is not valid");
    }
  };
}

/** How old a step-up proof may be: the participant passed a code within these seconds. */
const STEP_UP_MAX_AGE_SECONDS = 300;

/**
 * Checks the identity provider's proof that the participant just passed a code (its own audience and
 * type, so it is never taken for an access token, nor an access token for it): the participant, the
 * purpose and the age. Answers the proof's id, which the caller accepts once.
 */
export function createStepUpVerifier(options: { issuer: string; audience: string; jwksUrl: string }) {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  const audience = `${options.audience.replace(/\/$/, "")}/step-up`;
  return async function verifyStepUp(token: string, userId: string, purpose: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience,
        typ: "step-up+jwt",
        maxTokenAge: STEP_UP_MAX_AGE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["exp", "iat", "jti"],
      });
      if (payload.uid !== userId || payload.purpose !== purpose) throw new RequestError(403, "This verification is for another request");
      return payload.jti!;
    } catch (error) {
      if (error instanceof RequestError) throw error;
      if (error instanceof errors.JWKSTimeout || isKeyFetchFailure(error))
        throw new RequestError(503, "The identity provider's keys could not be fetched");
      throw new RequestError(403, "A fresh verification is required");
    }
  };
}

function isKeyFetchFailure(error: unknown): boolean {
  // fetch() rejects with a TypeError when the key server cannot be reached; jose reports a bad answer
  // from it as a JOSEError with this code.
  if (error instanceof TypeError) return /fetch/i.test(error.message);
  return error instanceof errors.JOSEError && error.code === "ERR_JOSE_GENERIC" && /JSON Web Key Set/.test(error.message);
}
