import type { Queryable } from "../../../lib/postgres/index.ts";

type PhoneChangeStatus = "pending" | "applied" | "cancelled";

/** A new phone number asked for without a code to the old one: it waits out the cooling-off period. */
interface PhoneChange {
  id: number;
  accountId: string;
  newPhone: string;
  requestedAt: Date;
  effectiveAt: Date;
  status: PhoneChangeStatus;
  /** When it was applied or cancelled. */
  decidedAt: Date | null;
}

/** The columns of a PhoneChange, named as its fields. */
const CHANGE = `id, account_id AS "accountId", new_phone AS "newPhone", requested_at AS "requestedAt", effective_at AS "effectiveAt", status,
  decided_at AS "decidedAt"`;

const CANCEL_PENDING = "UPDATE idp_phone_changes SET status = 'cancelled', decided_at = $2 WHERE account_id = $1 AND status = 'pending'";

/** How many due changes one pass takes (the rest wait for the next pass). */
const BATCH = 100;

/**
 * Requested phone changes. Each is applied at most once, whoever applies it (the participant's next
 * sign-in, the next view of Login & Security, the sweep of any instance): one statement claims the
 * pending row and moves the number, so a crash leaves it either pending or applied, never half done.
 */
export function createPhoneChanges(db: Queryable, now: () => Date, coolingOffMs: number) {
  return {
    /** A new request replaces one still pending (which is then cancelled and told as such). */
    async request(accountId: string, newPhone: string, device: string): Promise<PhoneChange> {
      const at = now();
      await db.query(CANCEL_PENDING, [accountId, at]);
      const [change] = await db.query<PhoneChange>(
        `INSERT INTO idp_phone_changes (account_id, new_phone, device, requested_at, effective_at, status)
         VALUES ($1, $2, $3, $4, $5, 'pending') RETURNING ${CHANGE}`,
        [accountId, newPhone, device.slice(0, 200), at, new Date(at.getTime() + coolingOffMs)],
      );
      return change!;
    },

    async pending(accountId: string): Promise<PhoneChange | null> {
      const [change] = await db.query<PhoneChange>(`SELECT ${CHANGE} FROM idp_phone_changes WHERE account_id = $1 AND status = 'pending'`, [
        accountId,
      ]);
      return change ?? null;
    },

    /** The participant's 'Cancel this change'; null when nothing was pending (already applied or cancelled). */
    async cancel(accountId: string): Promise<PhoneChange | null> {
      const [change] = await db.query<PhoneChange>(`${CANCEL_PENDING} RETURNING ${CHANGE}`, [accountId, now()]);
      return change ?? null;
    },

    /**
     * Applies the changes whose period is over (one account's, or everyone's for the sweep) and returns
     * those this call applied. The claim is conditional, so two appliers never apply one row twice; the
     * account's number and the change's record move with it. The sweep skips rows another instance
     * holds; one account's settling (its participant is looking) waits for them, so what it reads next
     * is the number the other applier committed, not the one before it.
     */
    async applyDue(accountId?: string): Promise<PhoneChange[]> {
      return db.query<PhoneChange>(
        `WITH due AS (
           SELECT id FROM idp_phone_changes
           WHERE status = 'pending' AND effective_at <= $1 AND ($2::text IS NULL OR account_id = $2::text)
           ORDER BY effective_at LIMIT ${BATCH} FOR UPDATE ${accountId ? "" : "SKIP LOCKED"}
         ), claimed AS (
           UPDATE idp_phone_changes change SET status = 'applied', decided_at = $1
           FROM due WHERE change.id = due.id AND change.status = 'pending'
           RETURNING change.*
         ), moved AS (
           UPDATE idp_accounts account SET phone = claimed.new_phone, phone_methods = '{sms,voice}'
           FROM claimed WHERE account.id = claimed.account_id
           RETURNING account.id
         ), recorded AS (
           INSERT INTO idp_factor_events (account_id, kind, device, at)
           SELECT account_id, 'phone-changed', device, $1 FROM claimed
         )
         SELECT ${CHANGE} FROM claimed`,
        [now(), accountId ?? null],
      );
    },

    /**
     * Changes that ended (applied or cancelled) whose closing e-mail has not gone yet, each claimed
     * once for sending; a change claimed but not sent (a crash) is not sent twice.
     */
    async takeEndedUnnoticed(accountId?: string): Promise<PhoneChange[]> {
      return db.query<PhoneChange>(
        `UPDATE idp_phone_changes SET end_noticed_at = $1
         WHERE id IN (
           SELECT id FROM idp_phone_changes
           WHERE status <> 'pending' AND end_noticed_at IS NULL AND ($2::text IS NULL OR account_id = $2::text)
           ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
         ) AND end_noticed_at IS NULL
         RETURNING ${CHANGE}`,
        [now(), accountId ?? null],
      );
    },
  };
}

export type PhoneChanges = ReturnType<typeof createPhoneChanges>;
