import { randomUUID } from "node:crypto";
import * as z from "zod";
import type { Database } from "../../../lib/postgres/index.ts";

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

export async function seedCounsellingRequests(
  db: Database,
  participants: {
    userId: string;
    locale?: "en" | "es" | undefined;
    counsellingRequests?: z.infer<typeof DemoRequestSchema>[] | undefined;
  }[],
  now = new Date(),
): Promise<void> {
  for (const participant of participants) {
    if (!participant.counsellingRequests?.length) continue;
    const [existing] = await db.query("SELECT 1 FROM results_counselling_requests WHERE user_id = $1 LIMIT 1", [participant.userId]);
    if (existing) continue;
    for (const demo of participant.counsellingRequests) {
      const createdAt = new Date(now.getTime() - demo.daysAgo * DAY_MS);
      const windows = [3, 4].map((days) => ({
        start: dayAt(now, days, 15).toISOString(),
        end: dayAt(now, days, 18).toISOString(),
      }));
      const scheduledFor = demo.state === "scheduled" ? dayAt(now, 5, 16) : demo.state === "done" ? dayAt(now, -2, 16) : null;
      await db.query(
        `INSERT INTO results_counselling_requests
           (id, user_id, app_id, contact, language, time_zone, windows, note, locale, state, scheduled_for, created_at, updated_at, acknowledged_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $12, $12)`,
        [
          randomUUID(),
          participant.userId,
          demo.appID,
          demo.contact,
          demo.language,
          demo.timeZone,
          JSON.stringify(windows),
          demo.note ?? null,
          participant.locale ?? "en",
          demo.state,
          scheduledFor,
          createdAt,
        ],
      );
    }
  }
}
