import type { Queryable } from "../../../lib/postgres/index.ts";

export interface Limit {
  max: number;
  windowMs: number;
}

/** Sliding-window counters kept in the database, so limits hold across restarts and processes. */
export function createThrottle(db: Queryable, now: () => Date) {
  async function count(bucket: string, windowMs: number): Promise<number> {
    const since = new Date(now().getTime() - windowMs);
    const rows = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM idp_throttle_events WHERE bucket = $1 AND occurred_at > $2",
      [bucket, since],
    );
    return Number(rows[0]?.n ?? 0);
  }
  return {
    async isLimited(bucket: string, limit: Limit): Promise<boolean> {
      return (await count(bucket, limit.windowMs)) >= limit.max;
    },
    async record(bucket: string): Promise<void> {
      await db.query("INSERT INTO idp_throttle_events (bucket, occurred_at) VALUES ($1, $2)", [bucket, now()]);
    },
    async clear(bucket: string): Promise<void> {
      await db.query("DELETE FROM idp_throttle_events WHERE bucket = $1", [bucket]);
    },
    /** Drops events older than the longest window in use. */
    async prune(olderThanMs: number): Promise<void> {
      await db.query("DELETE FROM idp_throttle_events WHERE occurred_at < $1", [new Date(now().getTime() - olderThanMs)]);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
