import { signStepUpProof, type StepUpMethod } from "../oidc/access-tokens.ts";
import { PASSWORD_UPDATE_TTL_MS } from "../store/password-updates.ts";
import type { PassedScope, PassedVerification } from "../store/verifications.ts";
import { type Answer, fail } from "./answers.ts";
import type { AccountApiDeps, Caller } from "./deps.ts";

/**
 * What a passed code is for: a change of sign-in methods, a proof for the results service (a
 * withdrawal, a download of raw genetic data), or the new password of a password update.
 */
export const STEP_UP_PURPOSES = ["withdrawal", "download", "factors", "password-update"] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];
/**
 * One live code per session and purpose: a code sent in one session is not entered in another. The
 * password update's code is the account's, so a participant signed out mid-update and back in can
 * enter the code already sent; what it opens still belongs to the session that passed it.
 */
export const stepUpKey = ({ account, grantId }: Caller, purpose: StepUpPurpose) =>
  purpose === "password-update" ? `step-up:${purpose}:${account.id}` : `step-up:${purpose}:${account.id}:${grantId}`;

/** The purposes whose passed code becomes a proof for the results service, taken there once. */
const PROOF_PURPOSES: readonly StepUpPurpose[] = ["withdrawal", "download"];

/** The purposes whose passed code opens one change here, in the session that passed it. */
type OpeningPurpose = Exclude<StepUpPurpose, "withdrawal" | "download">;

/** The password update's code opens its new-password step for as long as the update itself lasts. */
const scopeOf = (caller: Caller, purpose: OpeningPurpose): PassedScope => ({
  accountId: caller.account.id,
  grantId: caller.grantId,
  purpose,
  ...(purpose === "password-update" ? { standsForMs: PASSWORD_UPDATE_TTL_MS } : {}),
});

/**
 * A passed code belongs to the session that passed it and to the purpose that asked for it. For the
 * sign-in methods and the password update it opens one change in that session; for a withdrawal or a
 * download of raw genetic data it becomes a proof the results service accepts once.
 */
export function createPassedVerifications(deps: AccountApiDeps) {
  const { verifications } = deps;

  return {
    async passed(caller: Caller, purpose: StepUpPurpose, method: StepUpMethod): Promise<Answer> {
      if (!PROOF_PURPOSES.includes(purpose)) await verifications.markPassed(scopeOf(caller, purpose as OpeningPurpose), method);
      if (purpose === "password-update") return { status: "PENDING", nextStep: "reset-authenticator" };
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
      return (await verifications.passed(scopeOf(caller, "factors")))?.until ?? null;
    },

    /** A step before the change itself (its options, a code to the new number): the window must stand, and stays. */
    async requireOpen(caller: Caller): Promise<PassedVerification> {
      const open = await verifications.passed(scopeOf(caller, "factors"));
      if (!open) throw fail(403, "freshVerificationRequired");
      return open;
    },

    /**
     * The change itself takes the window: one passed code, one change. When the change is refused (a
     * wrong first app code, the only factor, a password the policy refuses) the window is given back as it was.
     */
    async changeWith<T>(caller: Caller, change: (open: PassedVerification) => Promise<T>, purpose: OpeningPurpose = "factors"): Promise<T> {
      const scope = scopeOf(caller, purpose);
      const open = await verifications.takePassed(scope);
      if (!open) throw fail(403, "freshVerificationRequired");
      try {
        return await change(open);
      } catch (error) {
        await verifications.markPassed(scope, open.method, open.verifiedAt);
        throw error;
      }
    },
  };
}

export type PassedVerifications = ReturnType<typeof createPassedVerifications>;
