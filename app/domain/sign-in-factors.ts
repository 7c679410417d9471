import type { FactorChange, SignInFactors } from "./sign-in-factor-forms";

/** Sign-in methods' paths, steps and rules, without zod so the page listing them loads none (schemas: sign-in-factor-forms.ts). */
export type { FactorChange, FactorIntent, SignInFactors } from "./sign-in-factor-forms";

export const FACTORS_PATH = "/profile/security/factors";
export const RECOVERY_CODES_FILE_PATH = "/profile/security/factors/recovery-codes";

export type VerifyMethod = "sms" | "voice" | "totp" | "recovery";

/** The name under which the session keeps a change in progress. */
export const FACTORS_FLOW = "sign-in-factors";

/** Where a change stands, kept in the server-side session between its pages (with the answer kept for the next page). */
export type FactorFlowState = {
  passkeyId?: string;
  keptReply?: unknown;
  /** A new phone number: the participant said the current one cannot receive codes (the change then waits out a cooling-off period). */
  oldNumberUnavailable?: boolean;
} & (
  | { change: FactorChange; step: "pick" }
  | { change: FactorChange; step: "code"; method: VerifyMethod; phoneNumber: string | null; resendAvailableAt?: number }
  | { change: "add-totp"; step: "enrol"; secret: string; uri: string }
  | { change: "add-passkey"; step: "passkey" }
  | { change: "change-phone"; step: "phone" }
  | { change: "change-phone"; step: "phone-code"; newPhone: string; typedPhone: string; resendAvailableAt?: number }
  | { change: FactorChange; step: "codes"; codes: string[] }
);
export const PASSKEY_OPTIONS_PATH = "/profile/security/factors/passkey-options";

/**
 * The ways this participant can confirm it is them: their phone's channels, and the app once set up.
 * A new phone number is agreed by the old one while it can receive codes, so only its channels open that change.
 */
export function verifyMethodsOf(factors: SignInFactors, change?: FactorChange, oldNumberUnavailable = false): VerifyMethod[] {
  const phoneMethods = factors.phone ? factors.phoneMethods : [];
  const app = factors.totp ? (["totp"] as const) : [];
  if (change === "change-phone" && oldNumberUnavailable) return [...app];
  if (change === "change-phone" && phoneMethods.length > 0) return [...phoneMethods];
  return [...app, ...phoneMethods];
}

const oldNumberReceives = (factors: SignInFactors) => factors.phone !== null && factors.phoneMethods.length > 0;

/** A way other than a code opens any change but a new phone number while the old one can agree to it (see verifyMethodsOf). */
const opensChange = (factors: SignInFactors, change: FactorChange | undefined, oldNumberUnavailable: boolean) =>
  change !== "change-phone" || oldNumberUnavailable || !oldNumberReceives(factors);

/** A recovery code instead of a code that did not arrive (from the code step only); it does not stand for the old number. */
export const recoveryOpens = (factors: SignInFactors, change?: FactorChange, oldNumberUnavailable = false) =>
  factors.recoveryCodesLeft > 0 && opensChange(factors, change, oldNumberUnavailable);

export const passkeyOpens = (factors: SignInFactors, change: FactorChange, oldNumberUnavailable = false) =>
  factors.passkeys.length > 0 && opensChange(factors, change, oldNumberUnavailable);

/**
 * A new phone number when the current one cannot receive codes, confirmed with the app or else a
 * passkey, takes effect after a cooling-off period; null: not offered.
 */
export function changePhoneWithoutItBy(factors: SignInFactors, change: FactorChange): "app" | "passkey" | null {
  if (change !== "change-phone" || !oldNumberReceives(factors)) return null;
  if (factors.totp) return "app";
  return factors.passkeys.length > 0 ? "passkey" : null;
}

export function isFresh(factors: SignInFactors, nowMs: number): boolean {
  return factors.freshUntil !== null && Date.parse(factors.freshUntil) > nowMs;
}

/** The secret as a person types it into an app: groups of four. */
export const inGroupsOfFour = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The recovery codes as a text file: what they are, then one per line. */
export function recoveryCodesFile(codes: readonly string[], heading: string): string {
  return [heading, "", ...codes, ""].join("\n");
}
