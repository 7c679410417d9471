import type { Database } from "../../../lib/postgres/index.ts";

/** Sets each participant's date of birth (what a clinician types beside a share code; none where it is not given), in one statement. */
export async function storeBirthDates(db: Database, participants: { userId: string; dateOfBirth?: string | undefined }[]): Promise<void> {
  const rows = participants.map(({ userId, dateOfBirth }) => ({ user_id: userId, date_of_birth: dateOfBirth ?? null }));
  await db.query(
    `UPDATE results_patients p SET date_of_birth = v.date_of_birth
     FROM jsonb_to_recordset($1::jsonb) AS v(user_id text, date_of_birth date) WHERE p.user_id = v.user_id`,
    [JSON.stringify(rows)],
  );
}
