import { codeLength, type DeliveryChannel } from "./codes.ts";

/**
 * How many wrong one-time codes an account may send, and what that gives an attacker. Each code dies after
 * MAX_WRONG_TRIES_PER_CODE wrong tries; across codes, wrong tries are counted per account and purpose (a stranger
 * guessing recovery codes cannot block the sign-in), every channel and the app weighted together, over a rolling
 * window. A try against a dead, expired or missing code guesses nothing and costs nothing; the participant's
 * remembered device has a budget of its own, so a stranger never spends it.
 */
export const MAX_WRONG_TRIES_PER_CODE = 5;
export const CODE_FAILURE_WINDOW_MS = 30 * 24 * 60 * 60_000;
/** What KNOWN_PASSWORD_BUDGET_UNITS allows in one channel alone. */
const CODE_FAILURE_BUDGET: Record<DeliveryChannel, number> = { sms: 80, voice: 8, email: 80 };

export interface CodeScope {
  purpose: "sign-in" | "enrol" | "recovery" | "password-update" | "registration" | "step-up";
  channel: DeliveryChannel;
  /** The account id, or for flows that must not reveal whether an account exists, the address typed. */
  accountKey: string;
  trustedDevice: boolean;
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

/**
 * Flows a stranger reaches without the password (recovery, unlock): a wrong code is counted against the flow, the
 * source (client address) and, weighted by guessUnits, the account, and escalates the next code (the security check,
 * then doubling waits: docs/security.md, 'Recovery guessing escalates'); it never refuses the right code of a code
 * that was sent. The account's wait is what bounds a stranger with many addresses.
 */
export const RECOVERY_CHECK_AFTER = 5;
const RECOVERY_DELAY_AFTER = 10;
export const RECOVERY_SOURCE_WINDOW_MS = 24 * 60 * 60_000;
const RECOVERY_SOURCE_DELAY_BASE_MS = 60_000;
const RECOVERY_SOURCE_DELAY_MAX_MS = 24 * 60 * 60_000;
const RECOVERY_ACCOUNT_FREE_UNITS = 100;
const RECOVERY_ACCOUNT_STEP_UNITS = 10;
const RECOVERY_ACCOUNT_DELAY_BASE_MS = 60 * 60_000;
const RECOVERY_ACCOUNT_DELAY_MAX_MS = 7 * 24 * 60 * 60_000;

/**
 * What one wrong guess could have won, in millionths: a 6-digit code (text, e-mail) 1, a 5-digit
 * voice code 10. One budget per account across channels: switching channel buys nothing.
 */
export function guessUnits(channel: DeliveryChannel): number {
  return 10 ** (6 - codeLength(channel));
}

/** 0 below `free`, then `baseMs` doubling with every `step` more, up to `maxMs`. */
const doublingWait = (count: number, free: number, step: number, baseMs: number, maxMs: number) =>
  count < free ? 0 : Math.min(baseMs * 2 ** Math.floor((count - free) / step), maxMs);

/** The wait before a new code for a flow or source with `wrongCodes` wrong codes (0: none). */
export const sourceDelayMs = (wrongCodes: number) =>
  doublingWait(wrongCodes, RECOVERY_DELAY_AFTER, MAX_WRONG_TRIES_PER_CODE, RECOVERY_SOURCE_DELAY_BASE_MS, RECOVERY_SOURCE_DELAY_MAX_MS);

/** The wait before a new code for an account whose wrong codes in the window are worth `units` (0: none). */
export const accountDelayMs = (units: number) =>
  doublingWait(
    units,
    RECOVERY_ACCOUNT_FREE_UNITS,
    RECOVERY_ACCOUNT_STEP_UNITS,
    RECOVERY_ACCOUNT_DELAY_BASE_MS,
    RECOVERY_ACCOUNT_DELAY_MAX_MS,
  );

/**
 * The most a stranger wins against one account in a year of recovery guessing, with any number of
 * addresses and every security check solved: a simulation of the greediest attacker (a code as soon
 * as the account's wait and the recovery sending budget per number allow, all its tries spent at
 * once, all in one channel). `codesPerDay` is the recovery budget per number (SEND_BUDGET_RECOVERY_NUMBER_DAILY).
 * Returns the wrong guesses and the union-bound odds of one hit.
 */
export function yearlyRecoveryGuessing(channel: DeliveryChannel, codesPerDay: number, codesPerHour: number) {
  const units = guessUnits(channel);
  const tries: number[] = []; // times of wrong guesses (ms), each worth `units`
  const codes: number[] = []; // times of codes sent
  const paced: number[] = []; // times of codes sent while the account was paced
  let t = 0;
  while (t < YEAR_MS) {
    const inWindow = (times: number[], windowMs: number) => times.filter((x) => x > t - windowMs);
    const spent = inWindow(tries, CODE_FAILURE_WINDOW_MS).length * units;
    const wait = accountDelayMs(spent);
    const last = Math.max(tries.at(-1) ?? -Infinity, paced.at(-1) ?? -Infinity);
    let next = t;
    if (wait > 0) next = Math.max(next, last + wait);
    const day = inWindow(codes, 24 * 60 * 60_000);
    if (day.length >= codesPerDay) next = Math.max(next, day[day.length - codesPerDay]! + 24 * 60 * 60_000);
    const hour = inWindow(codes, 60 * 60_000);
    if (hour.length >= codesPerHour) next = Math.max(next, hour[hour.length - codesPerHour]! + 60 * 60_000);
    if (next > t) {
      t = next;
      continue;
    }
    codes.push(t);
    if (wait > 0) paced.push(t);
    for (let i = 0; i < MAX_WRONG_TRIES_PER_CODE; i += 1) tries.push(t);
    t += 1;
  }
  const guesses = tries.filter((x) => x < YEAR_MS).length;
  return { guesses, odds: guesses / 10 ** codeLength(channel) };
}

/**
 * With the password known (sign-in, and the codes of a signed-in session): one budget of wrong codes
 * per account, purpose and kind of device across every channel, in the units of guessUnits, an app
 * code weighing TOTP_ACCEPTED_CODES because it accepts the step before and after. 80 units in
 * CODE_FAILURE_WINDOW_MS: 8 wrong voice codes, 80 texts or e-mails, or 26 app codes, or any mix; a
 * code that would take it past the budget is not compared, so a year never holds more than 80 × 365/30.
 */
export const KNOWN_PASSWORD_BUDGET_UNITS = 80;
const TOTP_ACCEPTED_CODES = 3;
export type GuessedFactor = DeliveryChannel | "totp";
export const GUESSED_FACTORS: GuessedFactor[] = ["sms", "voice", "email", "totp"];

export function factorUnits(factor: GuessedFactor): number {
  return factor === "totp" ? TOTP_ACCEPTED_CODES : guessUnits(factor);
}

/** The bucket of one factor's wrong codes (a channel's, or the app's as sign-in.ts names it). */
export function factorFailureBucket(scope: Omit<CodeScope, "channel">, factor: GuessedFactor): string {
  return `code-fail:${scope.purpose}:${factor}:${scope.trustedDevice ? "device" : "any"}:${scope.accountKey}`;
}

/** Union-bound odds of one hit in a year of guessing with the password known, every channel together. */
export function yearlyKnownPasswordOdds(): number {
  return (KNOWN_PASSWORD_BUDGET_UNITS * (YEAR_MS / CODE_FAILURE_WINDOW_MS)) / 1_000_000;
}
