import { signStepUpProof, type StepUpMethod } from "../oidc/access-tokens.ts";
import type { PassedVerification } from "../store/verifications.ts";
import { type Answer, fail } from "./answers.ts";
import type { AccountApiDeps, Caller } from "./deps.ts";

/** What a passed code is for: a change of sign-in methods, or a proof for the results service (a withdrawal). */
export const STEP_UP_PURPOSES = ["withdrawal", "factors"] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];

const factorsScope = (caller: Caller) => ({ accountId: caller.account.id, grantId: caller.grantId, purpose: "factors" });

/**
 * A passed code belongs to the session that passed it and to the purpose that asked for it. For the
 * sign-in methods it opens one change in that session for a few minutes; for a withdrawal it becomes
 * a proof the results service accepts once.
 */
export function createPassedVerifications(deps: AccountApiDeps) {
  const { verifications } = deps;

  return {
    async passed(caller: Caller, purpose: StepUpPurpose, method: StepUpMethod): Promise<Answer> {
      if (purpose === "factors") await verifications.markPassed(factorsScope(caller), method);
      const proof = await signStepUpProof(deps.keys, {
        issuer: deps.issuer,
        resultsAudience: deps.resultsApiAudience,
        accountId: caller.account.id,
        purpose,
        method,
      });
      return { status: "SUCCESS", nextStep: "verified", verificationToken: proof };
    },

    /** Until when this session may change a sign-in method without another code (null: it may not). */
    async factorsOpenUntil(caller: Caller): Promise<Date | null> {
      return (await verifications.passed(factorsScope(caller)))?.until ?? null;
    },

    /** A step before the change itself (its options, a code to the new number): the window must stand, and stays. */
    async requireOpen(caller: Caller): Promise<PassedVerification> {
      const open = await verifications.passed(factorsScope(caller));
      if (!open) throw fail(403, "freshVerificationRequired");
      return open;
    },

    /**
     * The change itself takes the window: one passed code, one change. When the change is refused (a
     * wrong first app code, the only factor) the window is given back as it was.
     */
    async changeWith<T>(caller: Caller, change: (open: PassedVerification) => Promise<T>): Promise<T> {
      const open = await verifications.takePassed(factorsScope(caller));
      if (!open) throw fail(403, "freshVerificationRequired");
      try {
        return await change(open);
      } catch (error) {
        await verifications.markPassed(factorsScope(caller), open.method, open.verifiedAt);
        throw error;
      }
    },
  };
}

export type PassedVerifications = ReturnType<typeof createPassedVerifications>;
