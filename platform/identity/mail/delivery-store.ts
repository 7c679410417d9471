import type { Queryable } from "../../../lib/postgres/index.ts";
import type { OutboxEmail } from "./email-content.ts";

/** An outbox row as claimed: the e-mail's content as the worker reads it, the rest in the table's own names and types. */
type EmailRow = Pick<OutboxEmail, "subject" | "body" | "link" | "code" | "headers"> & {
  id: number | string;
  message_uuid: string;
  destination: string;
  locale: string | null;
  created_at: Date | string;
  delivery_attempts: number;
  purpose: string;
};

export type ClaimedEmail = OutboxEmail & { attempts: number; purpose: string };

const PENDING = "channel = 'email' AND sent_at IS NULL AND failed_at IS NULL";

/**
 * The delivery state of outbox e-mails. A row is taken with a lease (a conditional UPDATE over rows
 * locked with SKIP LOCKED): two workers never hold the same row, and a worker that dies holding one
 * lets it go when the lease runs out, so it is sent again with the same Message-ID.
 */
export function createDeliveryStore(db: Queryable, now: () => Date) {
  return {
    async claim(limit: number, leaseMs: number, maxAgeMs: number): Promise<ClaimedEmail[]> {
      const at = now();
      const rows = await db.query<EmailRow>(
        `UPDATE idp_outbox SET lease_until = $2, delivery_attempts = delivery_attempts + 1
         WHERE id IN (
           SELECT id FROM idp_outbox
           WHERE ${PENDING} AND created_at > $3
             AND (next_attempt_at IS NULL OR next_attempt_at <= $1) AND (lease_until IS NULL OR lease_until <= $1)
           ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED)
           AND (lease_until IS NULL OR lease_until <= $1)
         RETURNING id, message_uuid, destination, subject, body, link, code, headers, locale, created_at, delivery_attempts, purpose`,
        [at, new Date(at.getTime() + leaseMs), new Date(at.getTime() - maxAgeMs), limit],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        messageUuid: row.message_uuid,
        to: row.destination,
        subject: row.subject,
        body: row.body,
        link: row.link,
        code: row.code,
        headers: row.headers,
        locale: row.locale === "es" || row.locale === "en" ? row.locale : null,
        createdAt: new Date(row.created_at),
        attempts: row.delivery_attempts,
        purpose: row.purpose,
      }));
    },
    async markSent(id: number): Promise<void> {
      await db.query("UPDATE idp_outbox SET sent_at = $2, lease_until = NULL, last_error = NULL WHERE id = $1", [id, now()]);
    },
    async retryLater(id: number, delayMs: number, reason: string): Promise<void> {
      await db.query("UPDATE idp_outbox SET next_attempt_at = $2, lease_until = NULL, last_error = $3 WHERE id = $1 AND sent_at IS NULL", [
        id,
        new Date(now().getTime() + delayMs),
        reason,
      ]);
    },
    async markFailed(id: number, reason: string): Promise<void> {
      await db.query("UPDATE idp_outbox SET failed_at = $2, lease_until = NULL, last_error = $3 WHERE id = $1 AND sent_at IS NULL", [
        id,
        now(),
        reason,
      ]);
    },
    /** E-mails that waited longer than a message is worth (a code long expired): failed, never sent late. */
    async failStale(maxAgeMs: number): Promise<{ id: number; purpose: string }[]> {
      const rows = await db.query<{ id: number | string; purpose: string }>(
        `UPDATE idp_outbox SET failed_at = $1, lease_until = NULL, last_error = 'too old'
         WHERE ${PENDING} AND created_at <= $2 AND (lease_until IS NULL OR lease_until <= $1) RETURNING id, purpose`,
        [now(), new Date(now().getTime() - maxAgeMs)],
      );
      return rows.map((row) => ({ id: Number(row.id), purpose: row.purpose }));
    },
  };
}

export type DeliveryStore = ReturnType<typeof createDeliveryStore>;
