import { env } from "./env.server";
import { revokeToken } from "./idp.server";
import { logger } from "./logger.server";
import { endSessionsWhere, forgetRevocation, postponeRevocation, takeRevocations, type QueuedRevocation } from "./session-store.server";

/** Rows removed per statement, and statements per sweep: a sweep never holds the table for long. */
export const SWEEP_BATCH = 1_000;
export const SWEEP_MAX_BATCHES = 20;

/**
 * Removes sessions past their idle or absolute limit (and the flow state they carry), which a
 * participant who never came back would otherwise leave behind for ever; their refresh tokens are
 * queued for revocation. Bounded: at most SWEEP_BATCH × SWEEP_MAX_BATCHES rows per call; the next
 * call goes on. Instances sharing the table skip each other's locked rows.
 */
export async function sweepEndedSessions(now = new Date()): Promise<number> {
  const idleSince = new Date(now.getTime() - env.SESSION_IDLE_TIMEOUT_SECONDS * 1000);
  const createdBefore = new Date(now.getTime() - env.SESSION_ABSOLUTE_TIMEOUT_SECONDS * 1000);
  let removed = 0;
  for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch += 1) {
    const rows = await endSessionsWhere(
      `id_hash IN (SELECT id_hash FROM portal_sessions WHERE last_seen_at < $1 OR created_at < $2 LIMIT $3 FOR UPDATE SKIP LOCKED)`,
      [idleSince, createdBefore, SWEEP_BATCH],
    );
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) break;
  }
  return removed;
}

const REVOCATION_BATCH = 50;
/** After this many attempts (a day of backoff) the refresh token has expired at the provider anyway. */
const REVOCATION_MAX_ATTEMPTS = 12;
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 5_000 * 2 ** attempts);

/**
 * Revokes the refresh tokens of ended sessions at the identity provider, which ends its grant and
 * the provider's own session of that sign-in: those of `idHashes` (sessions just ended), or else every
 * one that is due. A token the provider could not be asked about is tried again later, with backoff.
 */
export async function revokeEndedSessionTokens(idHashes?: readonly string[], now = new Date()): Promise<void> {
  for (;;) {
    const selection = idHashes ? { idHashes } : { dueAt: now, limit: REVOCATION_BATCH };
    const queued = await takeRevocations(selection, new Date(now.getTime() + backoffMs(1)));
    await Promise.all(queued.map((revocation) => revokeQueued(revocation, now)));
    if (idHashes || queued.length < REVOCATION_BATCH) return;
  }
}

async function revokeQueued(queued: QueuedRevocation, now: Date): Promise<void> {
  try {
    if (queued.refreshToken !== null) await revokeToken(queued.refreshToken, "refresh_token");
    await forgetRevocation(queued.idHash);
  } catch {
    if (queued.attempts >= REVOCATION_MAX_ATTEMPTS) {
      logger.error({ alert: "revocation-abandoned", attempts: queued.attempts }, "an ended session's refresh token could not be revoked");
      await forgetRevocation(queued.idHash);
    } else {
      await postponeRevocation(queued.idHash, new Date(now.getTime() + backoffMs(queued.attempts)));
    }
  }
}

/** Sweeps and revokes once a minute until the returned function stops it; a failed run waits for the next. */
export function startSessionSweep(onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    sweepEndedSessions()
      .then(() => revokeEndedSessionTokens())
      .catch(onError);
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
