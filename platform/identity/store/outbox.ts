import type { Queryable } from "../../../lib/postgres/index.ts";

export type OutboxChannel = "sms" | "voice" | "email";
export type OutboxPurpose =
  "sign-in" | "enrol" | "recovery" | "unlock" | "password-update" | "registration" | "step-up" | "notice" | "kit-step";

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
  purpose: OutboxPurpose;
}

/** A message as the outbox holds it. */
export interface OutboxMessage extends Omit<OutgoingMessage, "dedupeKey"> {
  id: number;
  createdAt: string;
}

/**
 * Every SMS, voice call and e-mail is written here, in the transaction of the fact it reports. In
 * development that is all (people and tests read the codes here); with SMTP configured the delivery
 * worker (platform/identity/mail) sends the e-mails from here. Never logged.
 */
export function createOutbox(db: Queryable, now: () => Date) {
  return {
    /** Answers false when a message with the same dedupe key was written before (nothing is written again). */
    async deliver(message: OutgoingMessage): Promise<boolean> {
      const written = await db.query(
        `INSERT INTO idp_outbox (channel, destination, code, link, subject, body, purpose, created_at, headers, locale, dedupe_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
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
        ],
      );
      return written.length > 0;
    },
    async list(to?: string, limit = 100): Promise<OutboxMessage[]> {
      const rows = await db.query<{
        id: number;
        channel: OutboxChannel;
        destination: string;
        code: string | null;
        link: string | null;
        subject: string | null;
        body: string | null;
        headers: Record<string, string> | null;
        locale: "en" | "es" | null;
        purpose: OutboxPurpose;
        created_at: Date;
      }>(`SELECT * FROM idp_outbox WHERE ($1::text IS NULL OR lower(destination) = lower($1::text)) ORDER BY id DESC LIMIT $2`, [
        to ?? null,
        limit,
      ]);
      return rows.map((row) => ({
        id: Number(row.id),
        channel: row.channel,
        to: row.destination,
        ...(row.code ? { code: row.code } : {}),
        ...(row.link ? { link: row.link } : {}),
        ...(row.subject ? { subject: row.subject } : {}),
        ...(row.body ? { body: row.body } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
        ...(row.locale ? { locale: row.locale } : {}),
        purpose: row.purpose,
        createdAt: new Date(row.created_at).toISOString(),
      }));
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
