import { type CodeScope, codeFailureBucket, codeFailureLimit } from "../domain/guessing-limits.ts";
import type { Throttle } from "./throttle.ts";
import { type CheckResult, type Verifications, wasAGuess } from "./verifications.ts";

export type GuardedCheck = CheckResult | "over-budget";

/**
 * Checks a typed code within the account's budget of wrong guesses for that purpose and channel
 * (domain/guessing-limits.ts): over budget, the code is not even compared; only real guesses count.
 */
export function createCodeGuard(throttle: Throttle, verifications: Verifications) {
  return {
    async check(flowKey: string, code: string, scope: CodeScope): Promise<GuardedCheck> {
      const bucket = codeFailureBucket(scope);
      if (await throttle.isLimited(bucket, codeFailureLimit(scope.channel))) return "over-budget";
      const result = await verifications.check(flowKey, code);
      if (wasAGuess(result)) await throttle.record(bucket);
      return result;
    },
  };
}

export type CodeGuard = ReturnType<typeof createCodeGuard>;
