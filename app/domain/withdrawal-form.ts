import * as z from "zod";
import { PasswordUpdateMethodSchema } from "./auth-code";
import { WITHDRAWAL_CHOICES, withdrawalMessages } from "./withdrawal";

/** Step one: what to do, and how to get the code. */
export const WithdrawalChoiceSchema = z.object({
  choice: z.enum(WITHDRAWAL_CHOICES, { error: withdrawalMessages.choiceRequired }),
  ...PasswordUpdateMethodSchema.shape,
});
