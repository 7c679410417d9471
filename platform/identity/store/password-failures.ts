import type { Queryable } from "../../../lib/postgres/index.ts";
import { normalizeEmail } from "./accounts.ts";

/** NIST SP 800-63B-4 §3.2.2 allows at most 100 consecutive failed attempts per authenticator. */
export const PASSWORD_FAILURE_CAP_MAX = 100;

/**
 * Consecutive wrong passwords per e-mail as typed (normalised), whatever the browser, device or
 * address: an e-mail with no account is counted the same way, so the answers never tell them apart.
 * Not a sliding window: only a right password below the cap (`clear`) or a new password
 * (`AccountStore.updatePassword`) ends a run, so a slow guesser is capped like a fast one.
 */
export function createPasswordFailures(db: Queryable, now: () => Date, cap: number) {
  return {
    cap,
    /** True once the run reached the cap: the password is not looked at any more. */
    async isCapped(email: string): Promise<boolean> {
      const rows = await db.query<{ failures: number }>("SELECT failures FROM idp_password_failures WHERE email = $1", [
        normalizeEmail(email),
      ]);
      return Number(rows[0]?.failures ?? 0) >= cap;
    },
    /** Counts one wrong password (atomically); `reachedCap` only for the one failure that reaches it. */
    async recordFailure(email: string): Promise<{ failures: number; capped: boolean; reachedCap: boolean }> {
      const rows = await db.query<{ failures: number }>(
        `INSERT INTO idp_password_failures (email, failures, last_failed_at) VALUES ($1, 1, $2)
         ON CONFLICT (email) DO UPDATE SET failures = idp_password_failures.failures + 1, last_failed_at = $2
         RETURNING failures`,
        [normalizeEmail(email), now()],
      );
      const failures = Number(rows[0]?.failures ?? 0);
      return { failures, capped: failures >= cap, reachedCap: failures === cap };
    },
    /** A right password below the cap ends the run. */
    async clear(email: string): Promise<void> {
      await db.query("DELETE FROM idp_password_failures WHERE email = $1", [normalizeEmail(email)]);
    },
  };
}

export type PasswordFailures = ReturnType<typeof createPasswordFailures>;
