import * as z from "zod";
import { type AuthMethod, authCodeSchema, PasswordUpdateMethodSchema } from "./auth-code";
import { SetPasswordSchema } from "./password-rules";
import type { PasswordUpdateStep } from "./password-update-steps";
import { OTHER_WAY_INTENT, OtherWaySchema } from "./verification";

/** A captcha token longer than this is cut, not refused: the identity provider will refuse it. */
const CAPTCHA_TOKEN_MAX = 20_000;

/** The one verification's intents (VERIFICATION_INTENTS, but 'cancel', which is a link back), then the flow's own. */
export const PasswordUpdateIntentSchema = z.enum(["start", "send-code", "verify-passkey", "verify", "resend", "other-way", "set-password"]);
export type PasswordUpdateIntent = z.infer<typeof PasswordUpdateIntentSchema>;

/** Which step each intent belongs to; an intent for another step just shows the current one. */
export const stepOfIntent: Record<Exclude<PasswordUpdateIntent, "start">, PasswordUpdateStep> = {
  "send-code": "mfa-verification-pick",
  "verify-passkey": "mfa-verification-pick",
  verify: "mfa-verification-code",
  resend: "mfa-verification-code",
  "other-way": "mfa-verification-code",
  "set-password": "new-password",
};

export function isStepIntent(intent: string | undefined): intent is keyof typeof stepOfIntent {
  return intent !== undefined && Object.hasOwn(stepOfIntent, intent);
}

/** Every form post of the password update, one member per intent (SPEC.md §5 'Form fields'). */
export function passwordUpdateFormSchema(method: AuthMethod) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("start"),
      captchaToken: z
        .string()
        .optional()
        .transform((token) => token?.slice(0, CAPTCHA_TOKEN_MAX)),
    }),
    z.object({ intent: z.literal("send-code"), ...PasswordUpdateMethodSchema.shape }),
    z.object({ intent: z.literal("verify-passkey"), credential: z.string().min(2).max(20_000) }),
    z.object({ intent: z.literal("verify"), ...authCodeSchema(method).shape }),
    z.object({ intent: z.literal("resend") }),
    z.object({ intent: z.literal(OTHER_WAY_INTENT), authMethod: OtherWaySchema }),
    SetPasswordSchema,
  ]);
}
