import * as z from "zod";
import { REFERENCE_PATTERN, WITHDRAWAL_CHOICES } from "./withdrawal";

/** A withdrawal request as the results service records it. */
export const WithdrawalSchema = z.object({
  reference: z.string().regex(REFERENCE_PATTERN),
  choice: z.enum(WITHDRAWAL_CHOICES),
  status: z.enum(["received", "in-progress", "completed"]),
  requestedAt: z.iso.datetime(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;
export const WithdrawalListSchema = z.object({ withdrawals: z.array(WithdrawalSchema) });
