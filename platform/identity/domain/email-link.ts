import { createHash, randomBytes } from "node:crypto";
import { sameSecret } from "./codes.ts";

/** The e-mail verification link's `state`: random, and stored only as a hash. */
export function newLinkState(): { state: string; hash: string } {
  const state = randomBytes(24).toString("base64url");
  return { state, hash: hashLinkState(state) };
}

export function hashLinkState(state: string): string {
  return createHash("sha256").update(state).digest("base64url");
}

export function linkStateMatches(state: string, storedHash: string): boolean {
  return sameSecret(hashLinkState(state), storedHash);
}

/** SPEC §5: the callback must carry both `otp` and `state` (and the otp must look like one of our codes). */
export function readEmailCallback(query: URLSearchParams, otpLength: number) {
  const otp = query.get("otp") ?? "";
  const state = query.get("state") ?? "";
  if (!new RegExp(`^\\d{${otpLength}}$`).test(otp) || !state || state.length > 200) return { kind: "invalid" as const };
  return { kind: "ok" as const, otp, state };
}

/** A fresh participant id for a registered account ("P" + 9 digits), distinct from demo ids. */
export function newParticipantId(randomDigit: () => number): string {
  return `P${Array.from({ length: 9 }, () => randomDigit()).join("")}`;
}
