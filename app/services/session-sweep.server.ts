import { database } from "./db.server";
import { env } from "./env.server";

/** Rows removed per statement, and statements per sweep: a sweep never holds the table for long. */
export const SWEEP_BATCH = 1_000;
export const SWEEP_MAX_BATCHES = 20;
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Removes sessions past their idle or absolute limit (and the flow state they carry), which a
 * participant who never came back would otherwise leave behind for ever. Bounded: at most
 * SWEEP_BATCH × SWEEP_MAX_BATCHES rows per call; the next call goes on. Instances sharing the table
 * skip each other's locked rows.
 */
export async function sweepEndedSessions(now = new Date()): Promise<number> {
  const db = await database();
  const idleSince = new Date(now.getTime() - env.SESSION_IDLE_TIMEOUT_SECONDS * 1000);
  const createdBefore = new Date(now.getTime() - env.SESSION_ABSOLUTE_TIMEOUT_SECONDS * 1000);
  let removed = 0;
  for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch += 1) {
    const rows = await db.query<{ id_hash: string }>(
      `DELETE FROM portal_sessions WHERE id_hash IN (
         SELECT id_hash FROM portal_sessions WHERE last_seen_at < $1 OR created_at < $2
         LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id_hash`,
      [idleSince, createdBefore, SWEEP_BATCH],
    );
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) break;
  }
  return removed;
}

/** Sweeps once a minute until the returned function stops it; a failed sweep waits for the next. */
export function startSessionSweep(onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => sweepEndedSessions().catch(onError), SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
