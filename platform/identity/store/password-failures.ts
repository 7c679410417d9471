import type { Queryable } from "../../../lib/postgres/index.ts";
import { normalizeEmail } from "./accounts.ts";

/** NIST SP 800-63B-4 §3.2.2 allows at most 100 consecutive failed attempts per authenticator. */
export const PASSWORD_FAILURE_CAP_MAX = 100;

/**
 * Who typed the password: a browser the participant told to remember her (it passed a second factor
 * for this account: `device`), or any other (`new`). Each has a run of its own, so a stranger, who can
 * only ever type from a `new` browser, never caps the password on her remembered one.
 */
type PasswordFailureScope = "new" | "device";

/**
 * Consecutive wrong passwords per e-mail as typed (normalised) and scope, whatever the address: an
 * e-mail with no account is counted the same way, so the answers never tell them apart. Not a sliding
 * window: only a right password below the cap (`clear`) or a new password (`AccountStore.updatePassword`,
 * every scope) ends a run, so a slow guesser is capped like a fast one.
 *
 * An attempt is counted before its password is compared (`begin`) and uncounted by a right one
 * (`clear`), so attempts sent in parallel cannot compare more than `cap` passwords between them.
 */
export function createPasswordFailures(db: Queryable, now: () => Date, cap: number) {
  return {
    /**
     * Counts this attempt as a failure until it proves right (atomically). `compare` is false once
     * the cap was reached before it: its password must not be looked at. `last` marks the attempt
     * that may reach the cap (the cap-th): if it is wrong, the run is capped from now on.
     */
    async begin(email: string, scope: PasswordFailureScope): Promise<{ compare: boolean; last: boolean; failures: number }> {
      const rows = await db.query<{ failures: number }>(
        `INSERT INTO idp_password_failures (email, scope, failures, last_failed_at) VALUES ($1, $4, 1, $2)
         ON CONFLICT (email, scope) DO UPDATE SET failures = LEAST(idp_password_failures.failures + 1, $3::int + 1), last_failed_at = $2
         RETURNING failures`,
        [normalizeEmail(email), now(), cap, scope],
      );
      const failures = Number(rows[0]!.failures);
      return { compare: failures <= cap, last: failures === cap, failures };
    },
    /** Whether the password of this e-mail is past the cap for that kind of browser: only a new password lets it in again. */
    async isCapped(email: string, scope: PasswordFailureScope = "new"): Promise<boolean> {
      const rows = await db.query<{ failures: number }>("SELECT failures FROM idp_password_failures WHERE email = $1 AND scope = $2", [
        normalizeEmail(email),
        scope,
      ]);
      return Number(rows[0]?.failures ?? 0) >= cap;
    },
    /** A right password below the cap ends the run of its kind of browser. */
    async clear(email: string, scope: PasswordFailureScope): Promise<void> {
      await db.query("DELETE FROM idp_password_failures WHERE email = $1 AND scope = $2", [normalizeEmail(email), scope]);
    },
  };
}

export type PasswordFailures = ReturnType<typeof createPasswordFailures>;
