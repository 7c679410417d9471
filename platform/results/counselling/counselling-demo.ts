import * as z from "zod";
import type { Database } from "../../../lib/postgres/index.ts";
import type { readDemoParticipants } from "../demo-participants.ts";

/**
 * The demo's counselling requests, one per state if the demo file says so, dated from today: the
 * windows ahead of now, a 'scheduled' appointment ahead, a 'done' one behind. Written only where the
 * participant has none yet (their own requests and cancellations are never replaced), and marked
 * acknowledged: the demo e-mails nobody on start.
 */
export const DemoRequestSchema = z.object({
  appID: z.string().min(1),
  state: z.enum(["requested", "scheduled", "done", "cancelled"]),
  contact: z.enum(["phone", "video"]),
  language: z.enum(["en", "es"]),
  timeZone: z.string().min(1),
  note: z.string().max(1000).optional(),
  daysAgo: z.number().int().min(0).max(365),
});

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Midnight UTC `days` from `now`, plus `hours`. */
const dayAt = (now: Date, days: number, hours: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS + hours * HOUR_MS);

export async function seedCounsellingRequests(db: Database, participants: Awaited<ReturnType<typeof readDemoParticipants>>): Promise<void> {
  const now = new Date();
  const windows = [3, 4].map((days) => ({ start: dayAt(now, days, 15).toISOString(), end: dayAt(now, days, 18).toISOString() }));
  const requests = participants.flatMap(({ userId, locale, counsellingRequests }) =>
    (counsellingRequests ?? []).map((demo) => ({
      ...demo,
      userId,
      locale: locale ?? "en",
      windows,
      scheduledFor: demo.state === "scheduled" ? dayAt(now, 5, 16) : demo.state === "done" ? dayAt(now, -2, 16) : null,
      createdAt: new Date(now.getTime() - demo.daysAgo * DAY_MS),
    })),
  );
  await db.query(
    `INSERT INTO results_counselling_requests
       (id, user_id, app_id, contact, language, time_zone, windows, note, locale, state, scheduled_for, created_at, updated_at, acknowledged_at)
     SELECT gen_random_uuid(), d."userId", d."appID", d.contact, d.language, d."timeZone", d.windows, d.note, d.locale, d.state,
       d."scheduledFor", d."createdAt", d."createdAt", d."createdAt"
     FROM json_to_recordset($1::json) AS d("userId" text, "appID" text, contact text, language text, "timeZone" text, windows jsonb,
       note text, locale text, state text, "scheduledFor" timestamptz, "createdAt" timestamptz)
     WHERE NOT EXISTS (SELECT 1 FROM results_counselling_requests r WHERE r.user_id = d."userId")`,
    [JSON.stringify(requests)],
  );
}
