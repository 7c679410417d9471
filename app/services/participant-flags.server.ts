import { database } from "./db.server";

/**
 * Per-participant flags kept on the server (e.g. a dismissed banner), so a choice made on one
 * device holds on every device, with or without JavaScript.
 */
export async function hasParticipantFlag(userId: string, flag: string): Promise<boolean> {
  const db = await database();
  const rows = await db.query<{ found: number }>("SELECT 1 AS found FROM portal_participant_flags WHERE user_id = $1 AND flag = $2", [
    userId,
    flag,
  ]);
  return rows.length > 0;
}

export async function setParticipantFlag(userId: string, flag: string): Promise<void> {
  const db = await database();
  await db.query("INSERT INTO portal_participant_flags (user_id, flag) VALUES ($1, $2) ON CONFLICT (user_id, flag) DO NOTHING", [
    userId,
    flag,
  ]);
}

/** The flag that remembers one dismissed banner (SPEC.md §3 'a per-banner dismissed flag'). */
export function bannerDismissedFlag(banner: string): string {
  return `banner-dismissed:${banner}`;
}
