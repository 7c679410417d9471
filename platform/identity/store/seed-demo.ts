import { readFile } from "node:fs/promises";
import * as z from "zod";
import { hashPassword } from "../domain/password-hash.ts";
import type { AccountStore } from "./accounts.ts";

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
});

const fileSchema = z.object({ participants: z.array(z.looseObject(participantSchema.shape)) });

/**
 * Creates the demo participants' accounts that do not exist yet. Existing accounts are left as
 * they are, so a password changed through the portal survives restarts. Returns how many were added.
 */
export async function seedDemoParticipants(accounts: AccountStore, file: string): Promise<number> {
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
    if (inserted) added += 1;
  }
  return added;
}
