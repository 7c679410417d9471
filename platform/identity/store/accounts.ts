import type { Queryable } from "../../../lib/postgres/index.ts";
import type { Channel } from "../domain/codes.ts";

export interface Account {
  id: string;
  email: string;
  emailVerified: boolean;
  passwordHash: string;
  phone: string | null;
  phoneMethods: Channel[];
  firstName: string;
  middleName: string | null;
  lastName: string;
  locale: string;
}

/** The columns of an Account, named as its fields. */
const ACCOUNT = `id, email, email_verified AS "emailVerified", password_hash AS "passwordHash", phone, phone_methods AS "phoneMethods",
  first_name AS "firstName", middle_name AS "middleName", last_name AS "lastName", locale`;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAccountStore(db: Queryable) {
  return {
    async findById(id: string): Promise<Account | null> {
      const [row] = await db.query<Account>(`SELECT ${ACCOUNT} FROM idp_accounts WHERE id = $1`, [id]);
      return row ?? null;
    },
    async findByEmail(email: string): Promise<Account | null> {
      const [row] = await db.query<Account>(`SELECT ${ACCOUNT} FROM idp_accounts WHERE email = $1`, [normalizeEmail(email)]);
      return row ?? null;
    },
    /**
     * Inserts unless an account with this e-mail exists; an existing account (and its password) is kept.
     * `registeredAt`: the account registered itself (not from the program's records).
     */
    async insertIfMissing(account: Account, registeredAt: Date | null = null): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO idp_accounts (id, email, email_verified, password_hash, phone, phone_methods, first_name, middle_name, last_name, locale, registered_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          account.id,
          normalizeEmail(account.email),
          account.emailVerified,
          account.passwordHash,
          account.phone,
          account.phoneMethods,
          account.firstName,
          account.middleName,
          account.lastName,
          account.locale,
          registeredAt,
        ],
      );
      return rows.length > 0;
    },
    /**
     * The registration cohort of an account that registered itself within `recentMs` of `at`: the
     * hour it registered in. Null for an account from the program's records, an older one, or none.
     */
    async registrationCohort(who: { id: string } | { email: string }, at: Date, recentMs: number): Promise<string | null> {
      const [row] = await db.query<{ hour: number }>(
        `SELECT floor(extract(epoch FROM registered_at) / 3600)::bigint AS hour FROM idp_accounts
         WHERE ${"id" in who ? "id" : "email"} = $1 AND registered_at >= $2`,
        ["id" in who ? who.id : normalizeEmail(who.email), new Date(at.getTime() - recentMs)],
      );
      return row ? `registered-hour:${row.hour}` : null;
    },
    /**
     * A new password ends everything the old one opened: every grant of the account (its refresh
     * tokens, so each portal session ends at its next renewal) and every provider session, except
     * the grant of the caller who changed it, when known, and the browser session of the recovery that
     * set it (`keepSessionUid`: the sign-in it finishes becomes that session's, with no grant left).
     */
    async updatePassword(
      id: string,
      passwordHash: string,
      at: Date,
      keepGrantId: string | null,
      keepSessionUid: string | null = null,
    ): Promise<void> {
      // All in one statement; a new password is a new authenticator: its run of wrong guesses (and a reached cap) starts again.
      await db.query(
        `WITH account AS (UPDATE idp_accounts SET password_hash = $4, password_changed_at = $5 WHERE id = $1 RETURNING email),
           failures AS (DELETE FROM idp_password_failures WHERE email = (SELECT email FROM account)),
           tokens AS (DELETE FROM idp_oidc_payloads WHERE type <> 'Interaction' AND grant_id IN (
             SELECT id FROM idp_oidc_payloads WHERE type = 'Grant' AND payload->>'accountId' = $1 AND id IS DISTINCT FROM $2))
         DELETE FROM idp_oidc_payloads WHERE (type = 'Grant' AND payload->>'accountId' = $1 AND id IS DISTINCT FROM $2)
           OR (type = 'Session' AND payload->>'accountId' = $1 AND payload->>'uid' IS DISTINCT FROM $3 AND payload->>'uid' NOT IN (
             SELECT payload->>'sessionUid' FROM idp_oidc_payloads WHERE grant_id = $2 AND payload ? 'sessionUid'))`,
        [id, keepGrantId, keepSessionUid, passwordHash, at],
      );
    },
    async setPhone(id: string, phone: string, methods: Channel[]): Promise<void> {
      await db.query("UPDATE idp_accounts SET phone = $2, phone_methods = $3 WHERE id = $1", [id, phone, methods]);
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
