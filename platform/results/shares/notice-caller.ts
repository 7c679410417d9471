import { createRemoteJWKSet, jwtVerify } from "jose";
import { RequestError } from "../token-verifier.ts";

/** The audience of the identity provider's calls for share notices: no participant's token opens them. */
export const shareNoticeAudience = (resultsAudience: string) => `${resultsAudience.replace(/\/$/, "")}/share-notices`;

/**
 * The identity provider takes the share events to e-mail them (it owns the participants' addresses and
 * the outbox). It proves who it is with a short token signed by its own keys, typed and addressed for this only.
 */
export function createNoticeCallerVerifier(options: { issuer: string; audience: string; jwksUrl: string }) {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async function verifyNoticeCaller(authorization: string | undefined): Promise<void> {
    const token = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(authorization ?? "")?.[1];
    if (!token) throw new RequestError(401, "no access token present");
    try {
      await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: shareNoticeAudience(options.audience),
        typ: "share-notices+jwt",
        maxTokenAge: 120,
        clockTolerance: 30,
        requiredClaims: ["exp", "iat"],
      });
    } catch {
      throw new RequestError(401, "The caller is not the identity provider");
    }
  };
}
