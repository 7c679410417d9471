import type { Queryable } from "../../../lib/postgres/index.ts";

export interface Limit {
  max: number;
  windowMs: number;
}

/** Sliding-window counters kept in the database, so limits hold across restarts and processes. */
export function createThrottle(db: Queryable, now: () => Date) {
  async function count(bucket: string, windowMs: number): Promise<number> {
    const since = new Date(now().getTime() - windowMs);
    const [row] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM idp_throttle_events WHERE bucket = $1 AND occurred_at > $2",
      [bucket, since],
    );
    return row!.n;
  }
  return {
    count,
    async isLimited(bucket: string, limit: Limit): Promise<boolean> {
      return (await count(bucket, limit.windowMs)) >= limit.max;
    },
    /** Milliseconds until the bucket is under its limit again (0 when it is now). */
    async retryAfterMs(bucket: string, limit: Limit): Promise<number> {
      const since = new Date(now().getTime() - limit.windowMs);
      const [blocking] = await db.query<{ occurred_at: Date }>(
        "SELECT occurred_at FROM idp_throttle_events WHERE bucket = $1 AND occurred_at > $2 ORDER BY occurred_at DESC OFFSET $3 LIMIT 1",
        [bucket, since, Math.max(0, limit.max - 1)],
      );
      return blocking ? Math.max(0, blocking.occurred_at.getTime() + limit.windowMs - now().getTime()) : 0;
    },
    async record(...buckets: string[]): Promise<void> {
      await db.query("INSERT INTO idp_throttle_events (bucket, occurred_at) SELECT unnest($1::text[]), $2::timestamptz", [buckets, now()]);
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
