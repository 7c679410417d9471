import type { Queryable } from "../../../lib/postgres/index.ts";
import type { Limit } from "./throttle.ts";

const TEN_MINUTES = 10 * 60_000;

/**
 * Per client address, every 10 minutes: new authorization requests (each stores an interaction; a
 * sign-in makes one, a household or a clinic behind one address a few dozen), and requests to the
 * interaction pages (a sign-in with a code and a resend is about ten).
 */
export function requestLimitsPer10Minutes(authorizations = 60, interactionRequests = 600) {
  return {
    authorizationPerAddress: { max: authorizations, windowMs: TEN_MINUTES },
    interactionPerAddress: { max: interactionRequests, windowMs: TEN_MINUTES },
  };
}

/**
 * Requests per bucket (one client address and one kind of request) in fixed windows: one row per
 * bucket and window, raised and read in one statement, so instances and parallel requests cannot pass
 * a limit between them, and a flood adds no row per request.
 */
export function createRequestLimits(db: Queryable, now: () => Date) {
  return {
    /** Counts this request; `within` is false past the limit, with the seconds until its window ends. */
    async take(bucket: string, limit: Limit): Promise<{ within: boolean; retryAfterSeconds: number }> {
      const at = now().getTime();
      const windowStart = new Date(Math.floor(at / limit.windowMs) * limit.windowMs);
      const [row] = await db.query<{ requests: number }>(
        `INSERT INTO idp_request_counts (bucket, window_start, requests) VALUES ($1, $2, 1)
         ON CONFLICT (bucket, window_start) DO UPDATE SET requests = idp_request_counts.requests + 1 RETURNING requests`,
        [bucket, windowStart],
      );
      return {
        within: Number(row!.requests) <= limit.max,
        retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - at) / 1000)),
      };
    },
    async prune(olderThanMs: number): Promise<void> {
      await db.query("DELETE FROM idp_request_counts WHERE window_start < $1", [new Date(now().getTime() - olderThanMs)]);
    },
  };
}
