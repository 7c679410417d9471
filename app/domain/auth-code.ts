import * as z from "zod";

/**
 * How a code comes: by text, by call, from the participant's authenticator app (6 digits, nothing
 * sent), or one of their recovery codes (10 letters and digits, nothing sent).
 */
export type AuthMethod = "sms" | "voice" | "totp" | "recovery";

/** The app's code and a recovery code are not sent: nothing to resend, nothing that failed to arrive. */
export const sendsNothing = (method: AuthMethod) => method === "totp" || method === "recovery";

/** SPEC.md §9: SMS by default; the options are Text Message and Voice Call. */
export const DEFAULT_AUTH_METHOD: AuthMethod = "sms";

/** SPEC.md §9: 5 digits for voice, 6 for SMS. */
export function codeDigits(method: AuthMethod): number {
  if (method === "recovery") return 10;
  return method === "voice" ? 5 : 6;
}

export const authCodeMessages = {
  required: "code.errors.required",
  format: "code.errors.format",
  recoveryFormat: "code.recoveryErrors.format",
} as const;

/**
 * SPEC.md §5 'Auth code': required, then exactly the method's number of digits; a recovery code as
 * printed (`7K3M9-Q2XPD`) is 10 letters and digits, case aside. Spaces and dashes are never part of it.
 */
export function authCodeSchema(method: AuthMethod) {
  const [pattern, error] =
    method === "recovery"
      ? [/^[A-Za-z0-9]{10}$/, authCodeMessages.recoveryFormat]
      : [new RegExp(`^\\d{${codeDigits(method)}}$`), authCodeMessages.format];
  return z.object({
    authCode: z
      .string({ error: authCodeMessages.required })
      .transform((code) => code.replace(/[\s-]/g, ""))
      .pipe(z.string().min(1, { error: authCodeMessages.required, abort: true }).regex(pattern, { error })),
  });
}

/** The password update's pick step and the withdrawal's confirmation also take the authenticator app, once the participant has one (the provider checks). */
export const PasswordUpdateMethodSchema = z.object({
  authMethod: z.enum(["sms", "voice", "totp"]).default(DEFAULT_AUTH_METHOD),
});
