import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Authenticator-app secrets are sealed at rest (AES-256-GCM, a fresh nonce each time, the account id
 * bound in as associated data so a sealed secret moved to another account does not open), with a key
 * from the environment (IDENTITY_FACTOR_KEY). A database dump holds only the sealed form.
 */
const VERSION = "v1";

const keyOf = (key: string) => createHash("sha256").update(key, "utf8").digest();

export function sealSecret(key: string, accountId: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(key), nonce);
  cipher.setAAD(Buffer.from(accountId, "utf8"));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, nonce.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

/** The secret, or null when the sealed value was not made with this key for this account. */
export function openSecret(key: string, accountId: string, sealed: string): string | null {
  const [version, nonce, tag, body] = sealed.split(".");
  if (version !== VERSION || !nonce || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(key), Buffer.from(nonce, "base64url"));
    decipher.setAAD(Buffer.from(accountId, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
