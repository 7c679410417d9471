import * as z from "zod";

/** The participant's sign-in factors as the identity provider lists them (its account API's `factors`). */
export const SignInFactorsSchema = z.object({
  phone: z.string().nullable(),
  phoneMethods: z.array(z.enum(["sms", "voice"])),
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
  lastFactor: z.string().nullable(),
  freshUntil: z.iso.datetime().nullable(),
  events: z.array(
    z.object({
      kind: z.enum([
        "totp-added",
        "totp-removed",
        "recovery-codes-created",
        "recovery-code-used",
        "recovery-code-confirmed",
        "passkey-added",
        "passkey-removed",
        "phone-changed",
      ]),
      device: z.string(),
      at: z.iso.datetime(),
    }),
  ),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.iso.datetime(), lastUsedAt: z.iso.datetime().nullable() })),
  /** A new number asked for without a code to the old one, waiting until `effectiveAt` (cancellable until then). */
  pendingPhoneChange: z
    .object({ phone: z.string(), requestedAt: z.iso.datetime(), effectiveAt: z.iso.datetime() })
    .nullable()
    .default(null),
});
export type SignInFactors = z.infer<typeof SignInFactorsSchema>;

/** What the participant set out to change; each needs a code passed in the last 5 minutes. */
export const FactorChangeSchema = z.enum(["add-totp", "remove-totp", "new-codes", "add-passkey", "remove-passkey", "change-phone"]);
export type FactorChange = z.infer<typeof FactorChangeSchema>;

/** What the change's pages post. */
export const FactorIntentSchema = z.enum([
  "start",
  "cancel",
  "rename-passkey",
  "send-code",
  "resend",
  "verify",
  "verify-passkey",
  "other-way",
  "confirm",
  "done",
  "send-phone-code",
  "confirm-phone",
  "register-passkey",
  "old-number-unavailable",
  "cancel-phone-change",
]);
export type FactorIntent = z.infer<typeof FactorIntentSchema>;

export const VerifyPickSchema = z.object({ method: z.enum(["sms", "voice", "totp"], { error: "factors.errors.methodRequired" }) });

export const NewPhoneSchema = z.object({
  phone: z.string({ error: "factors.newPhone.required" }).trim().min(1, { error: "factors.newPhone.required" }).max(40),
});

export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, { error: "factors.passkeys.nameRequired" })
  .max(60, { error: "factors.passkeys.nameTooLong" });
