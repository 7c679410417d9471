import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, type KeyObject } from "node:crypto";
import { env } from "./env.server";

/**
 * Secrets the portal keeps at rest (tokens, a factor's set-up secret, fresh recovery codes) are
 * sealed with AES-256-GCM: a key per purpose derived from SESSION_SECRET with HKDF-SHA-256, a fresh
 * 96-bit IV per value, and the row's id hash as associated data, so a sealed value copied into
 * another row (or another column) does not open. A copy of the table alone reveals none of them.
 */

/** Each purpose has its own key (the HKDF `info` label); a value sealed for one never opens as another. */
export type SealPurpose = "access-token" | "refresh-token" | "id-token" | "flow-state";

const PREFIX = "sealed.v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SALT = "participant-portal sealed values";

/** Derived once per purpose and secret, kept as a KeyObject (no key import on every call). */
const keys = new Map<string, KeyObject>();

function keyFor(secret: string, purpose: SealPurpose): KeyObject {
  const cacheKey = `${purpose}\u0000${secret}`;
  if (!keys.has(cacheKey))
    keys.set(cacheKey, createSecretKey(Buffer.from(hkdfSync("sha256", secret, SALT, `portal-session ${purpose} v1`, 32))));
  return keys.get(cacheKey)!;
}

/** Whether a stored value was written sealed (otherwise it is a value written in clear before sealing). */
export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/** `value` sealed for `purpose`, opening only with the same `boundTo` (the session's id hash). */
export function seal(value: string, purpose: SealPurpose, boundTo: string, secret: string = env.SESSION_SECRET): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
  cipher.setAAD(Buffer.from(boundTo, "utf8"));
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/**
 * The value a sealed `stored` holds, or null when it does not open (another row, another purpose,
 * another SESSION_SECRET, or altered). A value stored in clear before sealing is returned as it is,
 * so rows written before the change still load; the store seals them on its next write.
 */
export function unseal(stored: string, purpose: SealPurpose, boundTo: string, secret: string = env.SESSION_SECRET): string | null {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, purpose), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(boundTo, "utf8"));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
