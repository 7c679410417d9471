import type { Queryable } from "../../../lib/postgres/index.ts";
import type { Channel } from "../domain/codes.ts";

export const PASSWORD_UPDATE_TTL_MS = 30 * 60_000;

export type PasswordUpdateStep = "authenticator-verification-data" | "challenge-authenticator" | "reset-authenticator" | "done";

export interface PasswordUpdate {
  accountId: string;
  step: PasswordUpdateStep;
  method: Channel | "totp" | null;
  expired: boolean;
  /** The portal's id for the attempt that set the password (step "done"). */
  attemptId: string | null;
}

/** The account API's password-update transaction, one per account, 30 minutes long. */
export function createPasswordUpdates(db: Queryable, now: () => Date) {
  return {
    async get(accountId: string): Promise<PasswordUpdate | null> {
      const [update] = await db.query<PasswordUpdate>(
        `SELECT account_id AS "accountId", step, method, expires_at <= $2 AS expired, attempt_id AS "attemptId"
         FROM idp_password_updates WHERE account_id = $1`,
        [accountId, now()],
      );
      return update ?? null;
    },
    async start(accountId: string): Promise<void> {
      await db.query(
        `INSERT INTO idp_password_updates (account_id, step, method, expires_at) VALUES ($1, 'authenticator-verification-data', NULL, $2)
         ON CONFLICT (account_id) DO UPDATE SET step = 'authenticator-verification-data', method = NULL, expires_at = $2, attempt_id = NULL`,
        [accountId, new Date(now().getTime() + PASSWORD_UPDATE_TTL_MS)],
      );
    },
    /** Moves to `step`; the transaction keeps its original expiry. */
    async advance(accountId: string, step: PasswordUpdateStep, method?: Channel | "totp"): Promise<void> {
      await db.query("UPDATE idp_password_updates SET step = $2, method = COALESCE($3, method) WHERE account_id = $1", [
        accountId,
        step,
        method ?? null,
      ]);
    },
    async close(accountId: string): Promise<void> {
      await db.query("DELETE FROM idp_password_updates WHERE account_id = $1", [accountId]);
    },
    /**
     * The password was set by `attemptId`: the transaction stays, marked done, until it expires, so a
     * retried or questioned attempt learns that it succeeded instead of starting over.
     */
    async complete(accountId: string, attemptId: string | null): Promise<void> {
      await db.query("UPDATE idp_password_updates SET step = 'done', attempt_id = $2 WHERE account_id = $1", [accountId, attemptId]);
    },
  };
}

export type PasswordUpdates = ReturnType<typeof createPasswordUpdates>;
