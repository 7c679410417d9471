import type { DeliveryChannel } from "../domain/codes.ts";
import {
  accountDelayMs,
  CODE_FAILURE_WINDOW_MS,
  type CodeScope,
  factorFailureBucket,
  factorUnits,
  GUESSED_FACTORS,
  type GuessedFactor,
  guessUnits,
  KNOWN_PASSWORD_BUDGET_UNITS,
  RECOVERY_CHECK_AFTER,
  RECOVERY_SOURCE_WINDOW_MS,
  sourceDelayMs,
} from "../domain/guessing-limits.ts";
import type { Throttle } from "./throttle.ts";
import { type CheckResult, type Verifications, wasAGuess } from "./verifications.ts";

/**
 * Whether one more wrong `factor` code would take the account's wrong codes for the purpose (on this
 * kind of device), every channel and the app together, weighted by what each could win, past
 * KNOWN_PASSWORD_BUDGET_UNITS in the window; then the code is not even compared.
 */
export async function isOverCodeBudget(throttle: Throttle, scope: Omit<CodeScope, "channel">, factor: GuessedFactor): Promise<boolean> {
  let units = 0;
  for (const each of GUESSED_FACTORS)
    units += (await throttle.count(factorFailureBucket(scope, each), CODE_FAILURE_WINDOW_MS)) * factorUnits(each);
  return units + factorUnits(factor) > KNOWN_PASSWORD_BUDGET_UNITS;
}

/**
 * Checks a typed code within the account's budget of wrong guesses for that purpose and channel
 * (domain/guessing-limits.ts): over budget, the code is not even compared; only real guesses count.
 */
export function createCodeGuard(throttle: Throttle, verifications: Verifications) {
  return {
    async check(flowKey: string, code: string, scope: CodeScope): Promise<CheckResult | "over-budget"> {
      if (await isOverCodeBudget(throttle, scope, scope.channel)) return "over-budget";
      const result = await verifications.check(flowKey, code);
      if (wasAGuess(result)) await throttle.record(factorFailureBucket(scope, scope.channel));
      return result;
    },
  };
}

/** Who is guessing in a flow reached without the password: the flow, the client address, the account (or e-mail as typed). */
export interface UnauthenticatedScope {
  flow: string;
  source: string;
  accountKey: string;
}

/** Before a new code: whether the security check is needed first, and how long to wait (0: none). */
export interface NewCodeGate {
  check: boolean;
  waitMs: number;
  /** The account is past its free wrong codes: a code sent now paces the next one. */
  paced: boolean;
}

const GUESSED_CHANNELS: DeliveryChannel[] = ["sms", "voice"];

/**
 * Wrong codes in recovery and unlock (no password): never a refusal of a code, but an escalation
 * before the next one (domain/guessing-limits.ts): counted per flow and per source over a day, and
 * per account, weighted by what a guess could win, over CODE_FAILURE_WINDOW_MS.
 */
export function createRecoveryGuard(throttle: Throttle, verifications: Verifications) {
  const flowBucket = (scope: UnauthenticatedScope) => `recovery-guess:flow:${scope.flow}`;
  const sourceBucket = (scope: UnauthenticatedScope) => `recovery-guess:source:${scope.source}`;
  const accountBucket = (scope: UnauthenticatedScope, channel: DeliveryChannel) => `recovery-guess:account:${channel}:${scope.accountKey}`;
  const pacedBucket = (scope: UnauthenticatedScope) => `recovery-paced:account:${scope.accountKey}`;
  /** Milliseconds until `delayMs` has passed since the bucket's last event (0 when it has, or for no delay). */
  const sinceLast = (bucket: string, delayMs: number) => (delayMs > 0 ? throttle.retryAfterMs(bucket, { max: 1, windowMs: delayMs }) : 0);

  return {
    /** Compares the code (the right one always passes while the code lives); a real wrong guess is counted. */
    async check(flowKey: string, code: string, channel: DeliveryChannel, scope: UnauthenticatedScope): Promise<CheckResult> {
      const result = await verifications.check(flowKey, code);
      if (wasAGuess(result)) await throttle.record(flowBucket(scope), sourceBucket(scope), accountBucket(scope, channel));
      return result;
    },

    async beforeNewCode(scope: UnauthenticatedScope): Promise<NewCodeGate> {
      const byFlow = await throttle.count(flowBucket(scope), RECOVERY_SOURCE_WINDOW_MS);
      const bySource = await throttle.count(sourceBucket(scope), RECOVERY_SOURCE_WINDOW_MS);
      let units = 0;
      for (const channel of GUESSED_CHANNELS)
        units += (await throttle.count(accountBucket(scope, channel), CODE_FAILURE_WINDOW_MS)) * guessUnits(channel);
      const accountWait = accountDelayMs(units);
      const waits = [
        await sinceLast(flowBucket(scope), sourceDelayMs(byFlow)),
        await sinceLast(sourceBucket(scope), sourceDelayMs(bySource)),
        ...(accountWait > 0
          ? [
              await sinceLast(pacedBucket(scope), accountWait),
              ...(await Promise.all(GUESSED_CHANNELS.map((channel) => sinceLast(accountBucket(scope, channel), accountWait)))),
            ]
          : []),
      ];
      return { check: Math.max(byFlow, bySource) >= RECOVERY_CHECK_AFTER, waitMs: Math.max(0, ...waits), paced: accountWait > 0 };
    },

    /** A code went out: while the account is paced, the next one waits from now. */
    async codeSent(scope: UnauthenticatedScope, gate: NewCodeGate): Promise<void> {
      if (gate.paced) await throttle.record(pacedBucket(scope));
    },
  };
}
