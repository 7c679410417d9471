import { readFile } from "node:fs/promises";
import * as z from "zod";
import { hashPassword } from "../domain/password-hash.ts";
import type { AccountStore } from "./accounts.ts";
import type { FactorStore } from "./factors.ts";

const participantSchema = z.object({
  userId: z.string().min(1),
  email: z.string().min(3),
  password: z.string().min(1),
  phone: z.string().nullable().optional(),
  phoneMethods: z.array(z.enum(["sms", "voice"])).optional(),
  firstName: z.string(),
  middleName: z.string().nullable().optional(),
  lastName: z.string(),
  locale: z.enum(["en", "es"]).optional(),
  /** An authenticator app already set up: its secret (base32), printed by `npm start` for testers. */
  totpSecret: z
    .string()
    .regex(/^[A-Z2-7]{16,64}$/)
    .optional(),
  /** Recovery codes already issued (demo values, kept only as hashes like any other). */
  recoveryCodes: z.array(z.string()).optional(),
});

const fileSchema = z.object({ participants: z.array(z.looseObject(participantSchema.shape)) });

/**
 * Creates the demo participants' accounts that do not exist yet. Existing accounts are left as
 * they are, so a password changed through the portal survives restarts. Returns how many were added.
 */
export async function seedDemoParticipants(accounts: AccountStore, file: string, factors?: FactorStore): Promise<number> {
  const parsed = fileSchema.parse(JSON.parse(await readFile(file, "utf8")));
  let added = 0;
  for (const p of parsed.participants) {
    if (await accounts.findByEmail(p.email)) continue;
    const inserted = await accounts.insertIfMissing({
      id: p.userId,
      email: p.email,
      emailVerified: true,
      passwordHash: await hashPassword(p.password),
      phone: p.phone ?? null,
      phoneMethods: p.phone ? (p.phoneMethods ?? ["sms", "voice"]) : [],
      firstName: p.firstName,
      middleName: p.middleName ?? null,
      lastName: p.lastName,
      locale: p.locale ?? "en",
    });
    if (!inserted) continue;
    added += 1;
    if (factors && p.totpSecret) await factors.setConfirmedTotp(p.userId, p.totpSecret);
    if (factors && p.recoveryCodes?.length) await factors.replaceRecoveryCodes(p.userId, p.recoveryCodes);
  }
  return added;
}
