import { createHmac } from "node:crypto";
import base32Decode from "base32-decode";

/**
 * The code an authenticator app shows for `secret` (base32, SHA-1, 6 digits, 30 s) in the period
 * `periodsFromNow` away: tests use the next period's code, which the provider accepts for clock
 * drift, when this period's has just been used.
 */
export function totpCode(secret: string, periodsFromNow = 0, nowMs = Date.now()): string {
  const counter = Math.floor(nowMs / 1000 / 30) + periodsFromNow;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", Buffer.from(base32Decode(secret, "RFC4648")))
    .update(message)
    .digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}
