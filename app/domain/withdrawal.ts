import type { AuthMethod } from "./auth-code";
import type { Withdrawal } from "./withdrawal-reply";

/**
 * Withdrawing from the program with a receipt: three choices, each including the one before (stop
 * research use; also destroy the sample; also delete data where law allows), confirmed by a fresh
 * code and recorded by the results service with a reference number.
 */
export const WITHDRAWAL_CHOICES = ["stop-research", "destroy-sample", "delete-data"] as const;
export type WithdrawalChoice = (typeof WITHDRAWAL_CHOICES)[number];

export const WITHDRAW_PATH = "/profile/studies/withdraw";
export const receiptPath = (reference: string) => `/profile/studies/withdrawal/${encodeURIComponent(reference)}`;
export const REFERENCE_PATTERN = /^WD-\d{4}-[A-Z0-9]{6}$/;

/** The request being confirmed, kept in the server-side session between the two pages. */
export type WithdrawalState = {
  step: "code";
  choice: WithdrawalChoice;
  method: AuthMethod;
  phoneNumber: string;
  /** The results service's key for this request, chosen before it is sent, so a retry finds it. */
  requestKey: string;
  /** The identity provider's proof once the code passed (kept so a retry after a crash needs no new code). */
  proof?: string;
  /** When 'Resend code' unlocks (SPEC.md §4's 30 seconds after each code). */
  resendAvailableAt?: number;
};

/** The request still open, if any: only one is taken at a time. */
export function openWithdrawal(withdrawals: readonly Withdrawal[]): Withdrawal | null {
  return withdrawals.find((withdrawal) => withdrawal.status !== "completed") ?? null;
}
