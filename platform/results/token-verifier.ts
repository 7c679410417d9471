import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from "jose";
import type { Database } from "../../lib/postgres/index.ts";

/** A refusal, answered by the error handler as `{ status, message, ...details }` with its status. */
export class RequestError extends Error {
  readonly status: number;
  readonly details: { retryAfterSeconds?: number; [field: string]: unknown };

  constructor(status: number, message: string, details: RequestError["details"] = {}) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

/** Accepted clock difference between the identity provider and this service. */
const CLOCK_TOLERANCE_SECONDS = 30;

interface TokenRule {
  /** Added to this API's audience when it is not the purpose's name: each kind of token is addressed for its use only. */
  audience?: string;
  maxTokenAge?: number;
  requiredClaims: string[];
  /** The answer to a token that fails the checks, and to one that has only expired. */
  refused: [status: number, message: string];
  expired?: string;
}

/** The identity provider's calls for the e-mails it sends (share and counselling notices): fresh tokens only. */
const noticesRule: TokenRule = {
  maxTokenAge: 120,
  requiredClaims: ["exp", "iat"],
  refused: [401, "The caller is not the identity provider"],
};

/** The identity provider's reading of an ordered log (kit steps, report reissues). */
const logRule = (what: string): TokenRule => ({
  requiredClaims: ["exp"],
  refused: [401, `The token does not allow reading ${what}`],
});

/**
 * Every token this service takes, by what it is for. A participant's access token (or a results
 * link's) reads results; the others are the identity provider's: a proof that the participant just
 * passed a code (step-up, five minutes), and its calls for notices and logs. Each of those is made for
 * one use: its JWT `typ` is `<purpose>+jwt` and its audience this API's plus `/<purpose>`.
 */
const rules = {
  participant: {
    requiredClaims: ["exp"],
    refused: [401, "The access token is not valid"],
    expired: "The access token has expired",
  },
  "step-up": {
    maxTokenAge: 300,
    requiredClaims: ["exp", "iat", "jti"],
    refused: [403, "A fresh verification is required"],
  },
  "share-notices": noticesRule,
  "kit-steps": logRule("kit steps"),
  "report-reissues": logRule("report reissues"),
  "counselling-notices": noticesRule,
  /** The program's counselling team reads and moves the queue of requests; its tool holds this token. */
  "counselling-team": {
    audience: "counselling-queue",
    maxTokenAge: 12 * 3600,
    requiredClaims: ["exp", "iat", "sub"],
    refused: [401, "The token does not allow reading the counselling queue"],
  },
} satisfies Record<string, TokenRule>;

export type TokenPurpose = keyof typeof rules;
export type TokenVerifier = (token: string | undefined, purpose: TokenPurpose) => Promise<JWTPayload>;

/** What several groups of routes need: the database, the clock and the check of tokens. */
export interface RouteBasics {
  db: Database;
  now: () => Date;
  verifyToken: TokenVerifier;
}

/** The token of an `Authorization: Bearer …` header, if it has one. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(authorization ?? "")?.[1];
}

/**
 * The one check of a token the identity provider signed, offline against its published keys (one key
 * set for every purpose): signature, issuer, the purpose's audience and type, expiry and age. Keys
 * that cannot be fetched are the service's trouble (503), never the caller's.
 */
export function createTokenVerifier(options: { issuer: string; audience: string; jwksUrl: string; jwksCacheMs?: number }): TokenVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), {
    timeoutDuration: 5000,
    // An unknown kid fetches the set again at most this often; a retired key goes once the set is older than jwksCacheMs.
    cooldownDuration: Math.min(30_000, options.jwksCacheMs ?? 30_000),
    cacheMaxAge: options.jwksCacheMs ?? 60_000,
  });
  return async function verifyToken(token, purpose) {
    if (!token) throw new RequestError(401, "no access token present");
    const rule: TokenRule = rules[purpose];
    const forOneUse = purpose !== "participant";
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: forOneUse ? `${options.audience.replace(/\/$/, "")}/${rule.audience ?? purpose}` : options.audience,
        typ: forOneUse ? `${purpose}+jwt` : undefined,
        maxTokenAge: rule.maxTokenAge,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: rule.requiredClaims,
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || isKeyFetchFailure(error)) {
        throw new RequestError(503, "The identity provider's keys could not be fetched");
      }
      if (error instanceof errors.JWTExpired && rule.expired) throw new RequestError(401, rule.expired);
      throw new RequestError(...rule.refused);
    }
  };
}

/** Who a participant's token speaks for (`uid`); `tokenType` is 'ACCESS' for a results link's token. */
export function verifiedCaller(payload: JWTPayload) {
  if (typeof payload.uid !== "string" || payload.uid.length === 0) throw new RequestError(401, "Invalid JWT payload: Missing user ID");
  return { userId: payload.uid, subject: payload.sub, tokenType: typeof payload.token_type === "string" ? payload.token_type : undefined };
}

function isKeyFetchFailure(error: unknown): boolean {
  // fetch() rejects with a TypeError when the key server cannot be reached; jose reports a bad answer
  // from it as a JOSEError with this code.
  if (error instanceof TypeError) return /fetch/i.test(error.message);
  return error instanceof errors.JOSEError && error.code === "ERR_JOSE_GENERIC" && /JSON Web Key Set/.test(error.message);
}

/**
 * The identity provider's proof that the participant passed a second factor a moment ago, for this
 * participant and this purpose; answers its id (jti), to be spent once.
 */
export async function verifyStepUp(verifyToken: TokenVerifier, token: string, userId: string, purpose: "withdrawal" | "download") {
  const proof = await verifyToken(token, "step-up");
  if (proof.uid !== userId || proof.purpose !== purpose) throw new RequestError(403, "This verification is for another request");
  // A recovery code (a look-up secret, often on paper) may confirm a withdrawal, never release raw genetic data.
  if (purpose === "download" && Array.isArray(proof.amr) && proof.amr.includes("rec"))
    throw new RequestError(403, "A recovery code does not release raw genetic data");
  return proof.jti!;
}
