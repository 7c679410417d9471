import type { Queryable } from "../../../lib/postgres/index.ts";
import type { DeliveryRefusal, OutboxChannel } from "../store/outbox.ts";

/** An outbox row as a delivery worker takes it: everything any channel's message is made of. */
export interface ClaimedMessage {
  id: number;
  messageUuid: string;
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  body: string | null;
  link: string | null;
  code: string | null;
  headers: Record<string, string> | null;
  locale: "en" | "es" | null;
  createdAt: Date;
  /** This attempt's number (1 for the first). */
  attempts: number;
  purpose: string;
}

/**
 * The delivery state of outbox rows of some channels (e-mail; texts and calls). A row is taken with a
 * lease (a conditional UPDATE over rows locked with SKIP LOCKED): two workers never hold the same row,
 * and a worker that dies holding one lets it go when the lease runs out, so it is sent again under
 * the same idempotency key (its message_uuid) with the same words and code.
 */
export function createDeliveryStore(db: Queryable, now: () => Date, channels: readonly OutboxChannel[]) {
  const pending = "channel = ANY($5::text[]) AND sent_at IS NULL AND failed_at IS NULL";
  return {
    /** Due rows, oldest first; with `flowKey`, only that verification flow's (sent in the participant's own request). */
    async claim(limit: number, leaseMs: number, maxAgeMs: number, flowKey?: string): Promise<ClaimedMessage[]> {
      const at = now();
      // UPDATE … RETURNING keeps no order: the claimed rows are read back oldest first.
      return db.query<ClaimedMessage>(
        `WITH claimed AS (
           UPDATE idp_outbox SET lease_until = $2, delivery_attempts = delivery_attempts + 1
           WHERE id IN (
             SELECT id FROM idp_outbox
             WHERE ${pending} AND created_at > $3 AND ($6::text IS NULL OR flow_key = $6::text)
               AND (next_attempt_at IS NULL OR next_attempt_at <= $1) AND (lease_until IS NULL OR lease_until <= $1)
             ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED)
             AND (lease_until IS NULL OR lease_until <= $1)
           RETURNING id, message_uuid AS "messageUuid", channel, destination AS "to", subject, body, link, code, headers, locale,
             created_at AS "createdAt", delivery_attempts AS attempts, purpose)
         SELECT * FROM claimed ORDER BY id`,
        [at, new Date(at.getTime() + leaseMs), new Date(at.getTime() - maxAgeMs), limit, channels, flowKey ?? null],
      );
    },
    /** Handed over; `providerId` is the provider's name for it (a Twilio SID), which its status reports quote. */
    async markSent(id: number, providerId?: string): Promise<void> {
      await db.query("UPDATE idp_outbox SET sent_at = $2, lease_until = NULL, last_error = NULL, provider_id = $3 WHERE id = $1", [
        id,
        now(),
        providerId ?? null,
      ]);
    },
    async retryLater(id: number, delayMs: number, reason: string): Promise<void> {
      await db.query("UPDATE idp_outbox SET next_attempt_at = $2, lease_until = NULL, last_error = $3 WHERE id = $1 AND sent_at IS NULL", [
        id,
        new Date(now().getTime() + delayMs),
        reason,
      ]);
    },
    async markFailed(id: number, reason: string, refusal?: DeliveryRefusal): Promise<void> {
      await db.query(
        "UPDATE idp_outbox SET failed_at = $2, lease_until = NULL, last_error = $3, refusal = $4 WHERE id = $1 AND sent_at IS NULL",
        [id, now(), reason, refusal ?? null],
      );
    },
    /** Rows that waited longer than a message is worth (a code long expired): failed, never sent late. */
    async failStale(maxAgeMs: number) {
      return db.query<{ id: number; channel: OutboxChannel }>(
        `UPDATE idp_outbox SET failed_at = $1, lease_until = NULL, last_error = 'too old'
         WHERE channel = ANY($3::text[]) AND sent_at IS NULL AND failed_at IS NULL AND created_at <= $2
           AND (lease_until IS NULL OR lease_until <= $1) RETURNING id, channel`,
        [now(), new Date(now().getTime() - maxAgeMs), channels],
      );
    },
  };
}
