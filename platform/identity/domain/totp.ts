import { randomBytes } from "node:crypto";
import { getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import base32Encode from "base32-encode";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;

/** 160 bits (RFC 4226 recommends it; NIST SP 800-63B asks for at least 112). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20), "RFC4648", { padding: false });
}

export function totpUri(secret: string, accountName: string, issuer: string): string {
  return getTOTPAuthUri({ ...TOTP, secret, accountName, issuer });
}

/** The 30-second step a code belongs to, when it is right for now (one step either side for clock drift). */
export async function matchingTotpStep(secret: string, code: string, nowMs: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const match = await verifyTOTP({ otp: code, secret, ...TOTP, window: 1 });
  if (!match) return null;
  return Math.floor(nowMs / 1000 / TOTP.period) + match.delta;
}
