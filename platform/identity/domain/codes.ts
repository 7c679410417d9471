import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

export type Channel = "sms" | "voice";
/** Where a code can be sent: a phone (text or call) or an e-mail address. */
export type DeliveryChannel = Channel | "email";

/** SPEC §9: 6 digits for a text message, 5 for a voice call; e-mails carry 6 like a text. */
export function codeLength(channel: DeliveryChannel): number {
  return channel === "voice" ? 5 : 6;
}

export function generateCode(channel: DeliveryChannel): string {
  const length = codeLength(channel);
  return String(randomInt(0, 10 ** length)).padStart(length, "0");
}

/** A code as typed or pasted: spaces and dashes between (or around) the digits are not part of it. */
export function typedCode(value: string | undefined): string {
  return (value ?? "").replace(/[\s-]/g, "");
}

export function isWellFormedCode(code: string, channel: DeliveryChannel): boolean {
  return new RegExp(`^\\d{${codeLength(channel)}}$`).test(code);
}

/** Bound to the flow that asked for it, so a code from one flow never verifies another. */
export function hashCode(secret: string, flowKey: string, code: string): string {
  return createHmac("sha256", secret).update(`${flowKey}\n${code}`).digest("base64url");
}

export function codeMatches(secret: string, flowKey: string, code: string, storedHash: string): boolean {
  return sameSecret(hashCode(secret, flowKey, code), storedHash);
}

/** Equal strings, compared with no early exit that would time how much of a secret was right. */
export function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}
