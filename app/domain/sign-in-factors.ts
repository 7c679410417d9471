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
        "passkey-added",
        "passkey-removed",
        "phone-changed",
      ]),
      device: z.string(),
      at: z.iso.datetime(),
    }),
  ),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.iso.datetime(), lastUsedAt: z.iso.datetime().nullable() })),
});
export type SignInFactors = z.infer<typeof SignInFactorsSchema>;

export const FACTORS_PATH = "/profile/security/factors";
export const RECOVERY_CODES_FILE_PATH = "/profile/security/factors/recovery-codes";

/** What the participant set out to change; each needs a code passed in the last 5 minutes. */
export const FactorChangeSchema = z.enum(["add-totp", "remove-totp", "new-codes", "add-passkey", "remove-passkey", "change-phone"]);
export type FactorChange = z.infer<typeof FactorChangeSchema>;

export type VerifyMethod = "sms" | "voice" | "totp";

/** The name under which the session keeps a change in progress. */
export const FACTORS_FLOW = "sign-in-factors";

/** Where a change stands, kept in the server-side session between its pages (with the answer kept for the next page). */
export type FactorFlowState = { passkeyId?: string; keptReply?: unknown } & (
  | { change: FactorChange; step: "pick" }
  | { change: FactorChange; step: "code"; method: VerifyMethod; phoneNumber: string | null; resendAvailableAt?: number }
  | { change: "add-totp"; step: "enrol"; secret: string; uri: string }
  | { change: "add-passkey"; step: "passkey" }
  | { change: "change-phone"; step: "phone" }
  | { change: "change-phone"; step: "phone-code"; newPhone: string; typedPhone: string; resendAvailableAt?: number }
  | { change: FactorChange; step: "codes"; codes: string[] }
);
export type FactorStep = FactorFlowState["step"];

/** Every step's page title (profile namespace): each step is its own page. */
export const factorStepTitleKeys: Record<FactorStep, string> = {
  pick: "factors.stepTitles.pick",
  code: "factors.stepTitles.code",
  enrol: "factors.stepTitles.enrol",
  passkey: "factors.stepTitles.passkey",
  phone: "factors.stepTitles.phone",
  "phone-code": "factors.stepTitles.phoneCode",
  codes: "factors.stepTitles.codes",
};

/** What the change's pages post. */
export const FactorIntentSchema = z.enum([
  "start",
  "cancel",
  "rename-passkey",
  "pick",
  "resend",
  "verify",
  "verify-passkey",
  "confirm",
  "done",
  "send-phone-code",
  "confirm-phone",
  "register-passkey",
]);
export type FactorIntent = z.infer<typeof FactorIntentSchema>;

export const VerifyPickSchema = z.object({ method: z.enum(["sms", "voice", "totp"], { error: "factors.errors.methodRequired" }) });

export const NewPhoneSchema = z.object({
  phone: z.string({ error: "factors.newPhone.required" }).trim().min(1, { error: "factors.newPhone.required" }).max(40),
});

export const PASSKEY_OPTIONS_PATH = "/profile/security/factors/passkey-options";
export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, { error: "factors.passkeys.nameRequired" })
  .max(60, { error: "factors.passkeys.nameTooLong" });

/**
 * The ways this participant can confirm it is them: their phone's channels, and the app once set up.
 * A new phone number is agreed by the old one while it can receive codes, so only its channels open that change.
 */
export function verifyMethodsOf(factors: SignInFactors, change?: FactorChange): VerifyMethod[] {
  const phoneMethods = factors.phone ? factors.phoneMethods : [];
  if (change === "change-phone" && phoneMethods.length > 0) return [...phoneMethods];
  return [...(factors.totp ? (["totp"] as const) : []), ...phoneMethods];
}

/** A passkey instead of a code opens every change but a new phone number (see verifyMethodsOf). */
export const passkeyOpens = (factors: SignInFactors, change: FactorChange) =>
  factors.passkeys.length > 0 && !(change === "change-phone" && factors.phone !== null && factors.phoneMethods.length > 0);

export function isFresh(factors: SignInFactors, nowMs: number): boolean {
  return factors.freshUntil !== null && Date.parse(factors.freshUntil) > nowMs;
}

/** The secret as a person types it into an app: groups of four. */
export const inGroupsOfFour = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The recovery codes as a text file: what they are, then one per line. */
export function recoveryCodesFile(codes: readonly string[], heading: string): string {
  return [heading, "", ...codes, ""].join("\n");
}
