import type { Logger } from "pino";
import type { Queryable } from "../../../lib/postgres/index.ts";
import { createDeliveryWorker } from "../delivery/delivery-worker.ts";
import { renderEmail } from "./email-content.ts";
import { addressOf } from "./mail-settings.ts";
import { failureOf, type MailTransport } from "./smtp-transport.ts";

export interface EmailDeliveryDeps {
  db: Queryable;
  transport: MailTransport;
  from: string;
  now: () => Date;
  logger: Logger;
  maxAttempts: number;
  /** How long to wait before attempt `attempt + 1`; by default a minute doubling up to an hour. */
  backoffMs?: (attempt: number) => number;
  /** How long a taken e-mail is held before another worker may take it (longer than any send). */
  leaseMs?: number;
  /** An e-mail older than this is not sent any more (its code or news is stale). */
  maxAgeMs?: number;
  batch?: number;
}

const defaultBackoffMs = (attempt: number) => Math.min(60_000 * 2 ** (attempt - 1), 60 * 60_000);
const LEASE_MS = 2 * 60_000;
const MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * Sends the outbox's due e-mails through SMTP (the shared delivery worker, platform/identity/delivery):
 * a 4xx, a dropped connection or a timeout is tried again, a 5xx is final. Alerts: `email-failed`.
 */
export function createEmailDeliveryWorker(deps: EmailDeliveryDeps) {
  const fromAddress = addressOf(deps.from) ?? "localhost";
  return createDeliveryWorker({
    db: deps.db,
    channels: ["email"],
    transport: {
      send: async (message) => deps.transport.send(renderEmail(message, fromAddress)),
      failureOf,
      close: () => deps.transport.close(),
    },
    now: deps.now,
    logger: deps.logger,
    maxAttempts: deps.maxAttempts,
    backoffMs: deps.backoffMs ?? defaultBackoffMs,
    leaseMs: deps.leaseMs ?? LEASE_MS,
    maxAgeMs: deps.maxAgeMs ?? MAX_AGE_MS,
    batch: deps.batch,
  });
}
