import * as z from "zod";
import { PasswordUpdateMethodSchema } from "./auth-code";
import { VERIFICATION_INTENTS } from "./verification";
import { WITHDRAWAL_CHOICES, withdrawalMessages } from "./withdrawal";

/** Step one: what to do, and how to get the code. */
export const WithdrawalChoiceSchema = z.object({
  choice: z.enum(WITHDRAWAL_CHOICES, { error: withdrawalMessages.choiceRequired }),
  ...PasswordUpdateMethodSchema.shape,
});

export const WithdrawalIntentSchema = z.enum(VERIFICATION_INTENTS).exclude(["verify-passkey"]);
