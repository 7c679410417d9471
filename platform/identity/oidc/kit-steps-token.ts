import { importJWK, SignJWT } from "jose";
import type { SigningKeys } from "./signing-keys.ts";

/**
 * This service's own token for reading the results service's log of kit steps: an audience and a
 * type of its own, so it is never taken for a participant's access token, nor one for it.
 */
const kitStepsAudience = (resultsAudience: string) => `${resultsAudience.replace(/\/$/, "")}/kit-steps`;
const TTL_SECONDS = 120;

export async function signKitStepsToken(keys: SigningKeys, claims: { issuer: string; resultsAudience: string }): Promise<string> {
  const key = await importJWK(keys.current, "RS256");
  return new SignJWT({ scope: "kit-steps:read" })
    .setProtectedHeader({ alg: "RS256", kid: keys.current.kid, typ: "kit-steps+jwt" })
    .setIssuer(claims.issuer)
    .setSubject("identity-provider")
    .setAudience(kitStepsAudience(claims.resultsAudience))
    .setIssuedAt()
    .setExpirationTime(`${TTL_SECONDS}s`)
    .sign(key);
}

/** The same for the results service's log of reissued reports: its own audience and type. */
export const reportReissuesAudience = (resultsAudience: string) => `${resultsAudience.replace(/\/$/, "")}/report-reissues`;

export async function signReportReissuesToken(keys: SigningKeys, claims: { issuer: string; resultsAudience: string }): Promise<string> {
  const key = await importJWK(keys.current, "RS256");
  return new SignJWT({ scope: "report-reissues:read" })
    .setProtectedHeader({ alg: "RS256", kid: keys.current.kid, typ: "report-reissues+jwt" })
    .setIssuer(claims.issuer)
    .setSubject("identity-provider")
    .setAudience(reportReissuesAudience(claims.resultsAudience))
    .setIssuedAt()
    .setExpirationTime(`${TTL_SECONDS}s`)
    .sign(key);
}
