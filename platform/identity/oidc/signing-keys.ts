import { randomBytes } from "node:crypto";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
import type { Database } from "../../../lib/postgres/index.ts";
import { loadOrCreateSecret } from "../store/secrets.ts";

export interface SigningKeys {
  /** Private keys, newest first; handed to oidc-provider as its `jwks`. */
  privateJwks: { keys: JWK[] };
  /** What /jwks publishes: the public halves. */
  publicJwks: { keys: JWK[] };
  current: JWK;
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "RS256", use: "sig" };
}

function publicHalf(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use };
}

/** Generated on first start and kept in the database so tokens stay valid across restarts. */
export async function loadSigningKeys(db: Database): Promise<SigningKeys> {
  const keys = await loadOrCreateSecret(db, "oidc-signing-keys", async () => [await generateSigningKey()]);
  const [current] = keys;
  if (current === undefined) throw new Error("The stored signing key set is empty");
  return { privateJwks: { keys }, publicJwks: { keys: keys.map(publicHalf) }, current };
}

/** HMAC secret for one-time-code hashes. */
export function loadCodeSecret(db: Database): Promise<string> {
  return loadOrCreateSecret(db, "code-hash-secret", async () => randomBytes(32).toString("base64url"));
}
