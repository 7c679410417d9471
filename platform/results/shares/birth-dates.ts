import { readFile } from "node:fs/promises";
import * as z from "zod";
import type { Database } from "../../../lib/postgres/index.ts";

const BirthDatesSchema = z.object({
  participants: z.array(z.looseObject({ userId: z.string().min(1), dateOfBirth: z.iso.date().optional() })),
});

type BirthDate = { userId: string; dateOfBirth?: string | undefined };

/** The demo participants' dates of birth (what a clinician types beside a share code), from the demo file, in one statement. */
export async function seedBirthDates(db: Database, file: string): Promise<void> {
  const { participants } = BirthDatesSchema.parse(JSON.parse(await readFile(file, "utf8")));
  await storeBirthDates(db, participants);
}

/** Sets each participant's date of birth (none where it is not given). */
export async function storeBirthDates(db: Database, participants: BirthDate[]): Promise<void> {
  const rows = participants.map(({ userId, dateOfBirth }) => ({ user_id: userId, date_of_birth: dateOfBirth ?? null }));
  await db.query(
    `UPDATE results_patients p SET date_of_birth = v.date_of_birth
     FROM jsonb_to_recordset($1::jsonb) AS v(user_id text, date_of_birth date) WHERE p.user_id = v.user_id`,
    [JSON.stringify(rows)],
  );
}
