import { importJWK, SignJWT } from "jose";
import type { SigningKeys } from "./signing-keys.ts";

/**
 * The program's counselling team reads the queue of counselling requests from the results service
 * with this token: an audience and a type of its own (never taken for a participant's token, nor one
 * for it), naming the team member who holds it, good for one working day.
 */
export const COUNSELLING_TEAM_TOKEN_HOURS = 12;

export async function signCounsellingTeamToken(
  keys: Pick<SigningKeys, "current">,
  claims: { issuer: string; resultsAudience: string; member: string },
): Promise<string> {
  const key = await importJWK(keys.current, "RS256");
  return new SignJWT({ scope: "counselling-queue" })
    .setProtectedHeader({ alg: "RS256", kid: keys.current.kid, typ: "counselling-team+jwt" })
    .setIssuer(claims.issuer)
    .setSubject(claims.member)
    .setAudience(`${claims.resultsAudience.replace(/\/$/, "")}/counselling-queue`)
    .setIssuedAt()
    .setExpirationTime(`${COUNSELLING_TEAM_TOKEN_HOURS}h`)
    .sign(key);
}
