import * as z from "zod";
import { PasswordUpdateMethodSchema } from "./auth-code";
import { WITHDRAWAL_CHOICES } from "./withdrawal";

/** Step one: what to do, and how to get the code. */
export const WithdrawalChoiceSchema = z.object({
  choice: z.enum(WITHDRAWAL_CHOICES, { error: "withdraw.errors.choiceRequired" }),
  ...PasswordUpdateMethodSchema.shape,
});
