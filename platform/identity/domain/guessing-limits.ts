import { codeLength, type DeliveryChannel } from "./codes.ts";

/**
 * How many wrong one-time codes an account may send, and what that gives an attacker.
 *
 * Each code dies after MAX_WRONG_TRIES_PER_CODE wrong tries. Across codes, wrong tries are counted
 * per account, per purpose (sign-in, recovery, password update, enrolment, registration: a stranger
 * guessing recovery codes cannot block the participant's sign-in) and per channel, over a rolling
 * window. Only real guesses count: a try against a code that is already dead, expired or missing
 * guesses nothing and costs nothing. A device the participant has signed in from before (the
 * signed remember-device cookie) has a budget of its own, so a stranger never spends it.
 */
export const MAX_WRONG_TRIES_PER_CODE = 5;
export const CODE_FAILURE_WINDOW_MS = 30 * 24 * 60 * 60_000;
export const CODE_FAILURE_BUDGET: Record<DeliveryChannel, number> = { sms: 80, voice: 8, email: 80 };

export type CodePurpose = "sign-in" | "enrol" | "recovery" | "password-update" | "registration" | "step-up";

export interface CodeScope {
  purpose: CodePurpose;
  channel: DeliveryChannel;
  /** The account id, or for flows that must not reveal whether an account exists, the address typed. */
  accountKey: string;
  trustedDevice: boolean;
}

export function codeFailureBucket(scope: CodeScope): string {
  return `code-fail:${scope.purpose}:${scope.channel}:${scope.trustedDevice ? "device" : "any"}:${scope.accountKey}`;
}

export function codeFailureLimit(channel: DeliveryChannel) {
  return { max: CODE_FAILURE_BUDGET[channel], windowMs: CODE_FAILURE_WINDOW_MS };
}

const YEAR_MS = 365 * 24 * 60 * 60_000;

/** Wrong guesses one attacker gets in a year of continuous attack on one account, purpose and channel. */
export function guessesPerYear(channel: DeliveryChannel): number {
  return CODE_FAILURE_BUDGET[channel] * (YEAR_MS / CODE_FAILURE_WINDOW_MS);
}

/** Probability that any of a year's guesses hits a fresh uniformly random code (union bound). */
export function yearlyGuessingOdds(channel: DeliveryChannel): number {
  return guessesPerYear(channel) / 10 ** codeLength(channel);
}
