import { readFile } from "node:fs/promises";
import * as z from "zod";
import type { Database } from "../../../lib/postgres/index.ts";

const BirthDatesSchema = z.object({
  participants: z.array(z.looseObject({ userId: z.string().min(1), dateOfBirth: z.iso.date().optional() })),
});

/** The demo participants' dates of birth (what a clinician types beside a share code), from the demo file. */
export async function seedBirthDates(db: Database, file: string): Promise<void> {
  const { participants } = BirthDatesSchema.parse(JSON.parse(await readFile(file, "utf8")));
  for (const { userId, dateOfBirth } of participants) {
    await db.query("UPDATE results_patients SET date_of_birth = $2 WHERE user_id = $1", [userId, dateOfBirth ?? null]);
  }
}
