import { database } from "./db.server";
import type { SessionRecord } from "./session-store.server";

/**
 * Per-participant flags kept on the server (e.g. a dismissed banner), so a choice made on one
 * device holds on every device, with or without JavaScript. They come with the session, read
 * with it on every request (session-store.server), so a flag set by one request is seen by the next.
 */
export function hasParticipantFlag(session: Pick<SessionRecord, "participantFlags">, flag: string): boolean {
  return session.participantFlags.includes(flag);
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
