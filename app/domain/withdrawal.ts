import * as z from "zod";
import { type AuthMethod, authCodeSchema, PasswordUpdateMethodSchema } from "./auth-code";

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

export const WithdrawalSchema = z.object({
  reference: z.string().regex(REFERENCE_PATTERN),
  choice: z.enum(WITHDRAWAL_CHOICES),
  status: z.enum(["received", "in-progress", "completed"]),
  requestedAt: z.iso.datetime(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;
export const WithdrawalListSchema = z.object({ withdrawals: z.array(WithdrawalSchema) });

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

/** Each step's page title (profile namespace). */
export const withdrawalStepTitleKeys = { choice: "withdraw.stepTitles.choice", code: "withdraw.stepTitles.code" } as const;

export const withdrawalMessages = { choiceRequired: "withdraw.errors.choiceRequired" } as const;

/** Step one: what to do, and how to get the code. */
export const WithdrawalChoiceSchema = z.object({
  choice: z.enum(WITHDRAWAL_CHOICES, { error: withdrawalMessages.choiceRequired }),
  ...PasswordUpdateMethodSchema.shape,
});

/** Step two: the code (SPEC.md §5's rules for a code: required, the method's number of digits). */
export const withdrawalCodeSchema = authCodeSchema;

export const WithdrawalIntentSchema = z.enum(["send-code", "confirm", "resend", "cancel"]);

/** The request still open, if any: only one is taken at a time. */
export function openWithdrawal(withdrawals: readonly Withdrawal[]): Withdrawal | null {
  return withdrawals.find((withdrawal) => withdrawal.status !== "completed") ?? null;
}
