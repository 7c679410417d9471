import * as z from "zod";

/** SPEC.md §9. */
export const MIN_PASSWORD_LENGTH = 10;

/** SPEC.md §5 'Password' and 'Confirm password'; messages are keys of the profile namespace, shown in the page's language. */
export const passwordMessages = {
  required: "newPassword.errors.passwordRequired",
  tooShort: "newPassword.errors.passwordTooShort",
  confirmRequired: "newPassword.errors.confirmRequired",
  mismatch: "newPassword.errors.mismatch",
  common: "newPassword.errors.common",
} as const;

const newPasswordFields = {
  password: z
    .string({ error: passwordMessages.required })
    .min(1, { error: passwordMessages.required, abort: true })
    .min(MIN_PASSWORD_LENGTH, { error: passwordMessages.tooShort })
    .max(1000, { error: passwordMessages.tooShort }),
  confirmPassword: z.string({ error: passwordMessages.confirmRequired }).min(1, { error: passwordMessages.confirmRequired }),
};

function confirmationMatches(value: { password: string; confirmPassword: string }, context: z.RefinementCtx): void {
  if (value.password !== value.confirmPassword) {
    context.addIssue({ code: "custom", path: ["confirmPassword"], message: passwordMessages.mismatch });
  }
}

export const NewPasswordSchema = z.object(newPasswordFields).superRefine(confirmationMatches);

/** The new password as one member of the password-update action's union. */
export const SetPasswordSchema = z.object({ intent: z.literal("set-password"), ...newPasswordFields }).superRefine(confirmationMatches);
