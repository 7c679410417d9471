import type { Queryable } from "../../../lib/postgres/index.ts";

export type OutboxChannel = "sms" | "voice" | "email";
export type OutboxPurpose =
  "sign-in" | "enrol" | "recovery" | "unlock" | "password-update" | "registration" | "step-up" | "notice" | "kit-step" | "report-reissue";

export interface OutgoingMessage {
  channel: OutboxChannel;
  to: string;
  code?: string;
  link?: string;
  /** E-mails only: what the message is about, as its subject line would say. */
  subject?: string;
  /** E-mails only: the text of a notice (never a password or a code). */
  body?: string;
  /** E-mails only: headers a real transport would send (List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** The language the message is written in, where the sender knew it. */
  locale?: "en" | "es";
  /** Names the fact a message reports, so a second attempt to report it writes nothing (a relay's retry). */
  dedupeKey?: string;
  /** Texts and calls: the verification flow whose code this is, so its code page can tell how delivery went. */
  flowKey?: string;
  purpose: OutboxPurpose;
}

export interface OutboxMessage extends Omit<OutgoingMessage, "dedupeKey" | "flowKey"> {
  id: number;
  createdAt: string;
  /** Where its delivery stands: waiting in the outbox, handed to the provider (and what the provider said since), or failed. */
  delivery: DeliveryState;
}

/**
 * How a message's delivery went, as the participant's page and the development outbox say it:
 * `pending` (in the outbox, not yet handed over, or outbox-only), `sent` (the provider took it),
 * `delivered`, `undelivered` (the provider or the carrier reported it lost), `failed` (refused or given up).
 */
type DeliveryState = "pending" | "sent" | "delivered" | "undelivered" | "failed";

/** Why a text or call was refused for good, as far as the participant can act on it. */
export type DeliveryRefusal = "invalid-number" | "not-sms-capable" | "opted-out" | "other";

export interface FlowDelivery {
  channel: OutboxChannel;
  to: string;
  state: DeliveryState;
  refusal: DeliveryRefusal | null;
}

/** Provider statuses that end a message's delivery unhappily (Twilio's message and call statuses). */
const UNDELIVERED_STATUSES = ["undelivered", "failed", "busy", "no-answer", "canceled"];

/** A row's DeliveryState, and its refusal: 'other' for a failure the provider gave no usable reason for. */
const DELIVERY = `CASE WHEN failed_at IS NOT NULL THEN 'failed'
    WHEN provider_status = ANY('{${UNDELIVERED_STATUSES}}'::text[]) THEN 'undelivered'
    WHEN provider_status IN ('delivered', 'completed', 'read') THEN 'delivered'
    WHEN sent_at IS NOT NULL THEN 'sent' ELSE 'pending' END`;
const REFUSAL = "COALESCE(refusal, CASE WHEN failed_at IS NOT NULL THEN 'other' END)";

/**
 * The provider's statuses (Twilio's for messages and calls) in the order they come, those of one rank
 * together: a report never moves a message back (a late 'sent' after 'delivered'), since reports may
 * arrive in any order.
 */
const STATUS_RANKS = [
  ["accepted", "scheduled", "queued", "initiated"],
  ["sending", "ringing"],
  ["sent", "in-progress"],
  ["delivered", "undelivered", "failed", "completed", "busy", "no-answer", "canceled"],
  ["read"],
];

interface ProviderReport {
  /** The outbox row's uuid, as the status callback URL names it. */
  messageUuid: string;
  status: string;
  /** The provider's error code for an unhappy status (Twilio's ErrorCode, e.g. 30003). */
  errorCode: string | null;
}

/**
 * Every text, call and e-mail is written here, in the transaction of the fact it reports; the delivery
 * workers (platform/identity/delivery) send them when a transport is configured. Never logged.
 */
export function createOutbox(db: Queryable, now: () => Date) {
  return {
    /** Answers false when a message with the same dedupe key was written before (nothing is written again). */
    async deliver(message: OutgoingMessage): Promise<boolean> {
      const written = await db.query(
        `INSERT INTO idp_outbox (channel, destination, code, link, subject, body, purpose, created_at, headers, locale, dedupe_key, flow_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
        [
          message.channel,
          message.to,
          message.code ?? null,
          message.link ?? null,
          message.subject ?? null,
          message.body ?? null,
          message.purpose,
          now(),
          message.headers ? JSON.stringify(message.headers) : null,
          message.locale ?? null,
          message.dedupeKey ?? null,
          message.flowKey ?? null,
        ],
      );
      return written.length > 0;
    },
    async list(to?: string): Promise<OutboxMessage[]> {
      const rows = await db.query<Omit<OutboxMessage, "createdAt"> & { createdAt: Date }>(
        `SELECT id, channel, destination AS "to", code, link, subject, body, headers, locale, purpose, created_at AS "createdAt",
           ${DELIVERY} AS delivery
         FROM idp_outbox WHERE ($1::text IS NULL OR lower(destination) = lower($1::text)) ORDER BY id DESC LIMIT 100`,
        [to ?? null],
      );
      // A field the message does not have is left out, not null.
      return rows.map(({ createdAt, ...message }) => ({
        ...(Object.fromEntries(Object.entries(message).filter(([, value]) => value)) as Omit<OutboxMessage, "createdAt">),
        createdAt: createdAt.toISOString(),
      }));
    },
    /** A provider's status report on a text or call; null for an unknown row or status, or a report older than what is known. */
    async recordProviderReport(
      report: ProviderReport,
    ): Promise<{ id: number; channel: OutboxChannel; purpose: OutboxPurpose; undelivered: boolean } | null> {
      const rank = STATUS_RANKS.findIndex((statuses) => statuses.includes(report.status));
      if (rank < 0 || !/^[0-9a-f-]{36}$/i.test(report.messageUuid)) return null;
      const later = STATUS_RANKS.slice(rank + 1).flat();
      const [row] = await db.query<{ id: number; channel: OutboxChannel; purpose: OutboxPurpose }>(
        `UPDATE idp_outbox SET provider_status = $2, provider_error = $3, provider_status_at = $4
         WHERE message_uuid = $1::uuid AND channel IN ('sms', 'voice')
           AND (provider_status IS NULL OR NOT (provider_status = ANY($5::text[])))
         RETURNING id, channel, purpose`,
        [report.messageUuid, report.status, report.errorCode, now(), later],
      );
      return row ? { ...row, undelivered: UNDELIVERED_STATUSES.includes(report.status) } : null;
    },
    /** The newest text or call of a verification flow, and how its delivery went (null: none was sent). */
    async deliveryOf(flowKey: string): Promise<FlowDelivery | null> {
      const [row] = await db.query<FlowDelivery>(
        `SELECT channel, destination AS "to", ${DELIVERY} AS state, ${REFUSAL} AS refusal FROM idp_outbox
         WHERE flow_key = $1 ORDER BY id DESC LIMIT 1`,
        [flowKey],
      );
      return row ?? null;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
