import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>["privateKey"];

/**
 * A stand-in for the identity provider's key endpoint: a real key pair and a real JWKS served over
 * HTTP, so the results service verifies tokens exactly as it does in production.
 */
export async function startTestIdentityKeys() {
  const signing = await generateKeyPair("RS256");
  const stranger = await generateKeyPair("RS256");
  const publicJwk = { ...(await exportJWK(signing.publicKey)), kid: "test-key-1", alg: "RS256", use: "sig" };
  let keysAvailable = true;

  const server = createServer((req, res) => {
    if (req.url === "/jwks" && keysAvailable) {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [publicJwk] }));
    } else {
      res.writeHead(req.url === "/jwks" ? 500 : 404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function sign(
    claims: JWTPayload,
    options: {
      issuer?: string;
      audience?: string;
      expiresAt?: number;
      issuedAt?: number;
      key?: PrivateKey;
      kid?: string;
      typ?: string;
    } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: options.kid ?? "test-key-1", typ: options.typ ?? "at+jwt" })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? "http://results.test")
      .setIssuedAt(options.issuedAt ?? now - 60)
      .setExpirationTime(options.expiresAt ?? now + 1800)
      .sign(options.key ?? signing.privateKey);
  }

  return {
    issuer,
    audience: "http://results.test",
    strangerKey: stranger.privateKey,
    /** An access token for a participant, as the identity provider issues it. */
    accessTokenFor: (userId: string, extra: JWTPayload = {}, options?: Parameters<typeof sign>[1]) =>
      sign({ sub: `sub-${userId}`, uid: userId, email: `${userId.toLowerCase()}@example.test`, ...extra }, options),
    /** The identity provider's proof that the participant just passed a code for `purpose`. */
    stepUpProofFor: (userId: string, purpose = "withdrawal", options: Parameters<typeof sign>[1] = {}, extra: JWTPayload = {}) =>
      sign(
        { sub: `sub-${userId}`, uid: userId, purpose, jti: `proof-${userId}-${Math.random().toString(36).slice(2)}`, ...extra },
        { audience: "http://results.test/step-up", typ: "step-up+jwt", issuedAt: Math.floor(Date.now() / 1000) - 5, ...options },
      ),
    sign,
    setKeysAvailable(available: boolean) {
      keysAvailable = available;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestIdentityKeys = Awaited<ReturnType<typeof startTestIdentityKeys>>;
