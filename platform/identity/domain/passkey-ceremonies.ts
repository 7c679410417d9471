import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Passkey } from "../store/passkeys.ts";

/**
 * WebAuthn with @simplewebauthn/server. The relying party is the site both the portal and the
 * identity provider are on (their host name), so a passkey made on Login & Security signs in on the
 * provider's pages. User verification is required: a passkey stands for both factors.
 */
export function relyingPartyFor(portalUrl: string, issuer: string, name: string) {
  return { id: new URL(portalUrl).hostname, name, origins: [...new Set([new URL(portalUrl).origin, new URL(issuer).origin])] };
}

export type RelyingParty = ReturnType<typeof relyingPartyFor>;

/** What every ceremony's answer is checked against: this challenge, this site, and the user verified. */
const expected = (rp: RelyingParty, challenge: string) => ({
  expectedChallenge: challenge,
  expectedOrigin: rp.origins,
  expectedRPID: rp.id,
  requireUserVerification: true,
});

export function registrationOptions(rp: RelyingParty, account: { id: string; email: string }, existing: readonly Passkey[]) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.email,
    userID: new TextEncoder().encode(account.id),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
}

export async function verifiedRegistration(rp: RelyingParty, response: RegistrationResponseJSON, challenge: string) {
  const result = await verifyRegistrationResponse({ response, ...expected(rp, challenge) }).catch(() => null);
  if (!result?.verified) return null;
  const { credential } = result.registrationInfo;
  return { id: credential.id, publicKey: credential.publicKey, counter: credential.counter, transports: credential.transports ?? [] };
}

/** Any passkey of this site (sign-in: the passkey names the account), or one of the participant's own. */
export function authenticationOptions(rp: RelyingParty, own: readonly Passkey[] = []) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    allowCredentials: own.map((passkey) => ({ id: passkey.id, transports: passkey.transports as AuthenticatorTransport[] })),
  });
}

export async function verifiedAuthentication(rp: RelyingParty, response: AuthenticationResponseJSON, challenge: string, passkey: Passkey) {
  const result = await verifyAuthenticationResponse({
    response,
    ...expected(rp, challenge),
    credential: {
      id: passkey.id,
      publicKey: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransport[],
    },
  }).catch(() => null);
  return result?.verified ? { newCounter: result.authenticationInfo.newCounter } : null;
}
