import { readFile } from "node:fs/promises";
import * as z from "zod";
import { hashPassword } from "../domain/password-hash.ts";
import type { AccountStore } from "./accounts.ts";
import type { FactorStore } from "./factors.ts";

/** An authenticator app's secret (base32), for an app already set up. */
export const totpSecretSchema = z.string().regex(/^[A-Z2-7]{16,64}$/);

const participantSchema = z.object({
  userId: z.string().min(1),
  email: z.string().min(3),
  password: z.string().min(1),
  phone: z.string().nullable().default(null),
  phoneMethods: z.array(z.enum(["sms", "voice"])).optional(),
  firstName: z.string(),
  middleName: z.string().nullable().default(null),
  lastName: z.string(),
  locale: z.enum(["en", "es"]).default("en"),
  /** An authenticator app already set up: its secret (base32), printed by `npm start` for testers. */
  totpSecret: totpSecretSchema.optional(),
  /** Recovery codes already issued (demo values, kept only as hashes like any other). */
  recoveryCodes: z.array(z.string()).optional(),
});

/**
 * Creates the demo participants' accounts that do not exist yet. Existing accounts are left as
 * they are, so a password changed through the portal survives restarts. Returns how many were added.
 */
export async function seedDemoParticipants(accounts: AccountStore, file: string, factors: FactorStore): Promise<number> {
  const parsed = z.object({ participants: z.array(participantSchema) }).parse(JSON.parse(await readFile(file, "utf8")));
  let added = 0;
  for (const p of parsed.participants) {
    if (await accounts.findByEmail(p.email)) continue;
    const { userId, password, phoneMethods, totpSecret, recoveryCodes, ...profile } = p;
    const inserted = await accounts.insertIfMissing({
      ...profile,
      id: userId,
      emailVerified: true,
      passwordHash: await hashPassword(password),
      phoneMethods: p.phone ? (phoneMethods ?? ["sms", "voice"]) : [],
    });
    if (!inserted) continue;
    added += 1;
    if (totpSecret) await factors.setConfirmedTotp(userId, totpSecret);
    if (recoveryCodes?.length) await factors.replaceRecoveryCodes(userId, recoveryCodes);
  }
  return added;
}
