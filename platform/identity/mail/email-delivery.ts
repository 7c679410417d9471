import type { Logger } from "pino";
import type { Queryable } from "../../../lib/postgres/index.ts";
import { createDeliveryWorker } from "../delivery/delivery-worker.ts";
import { renderEmail } from "./email-content.ts";
import { addressOf } from "./mail-settings.ts";
import { failureOf, type MailTransport } from "./smtp-transport.ts";

/** The outbox's due e-mails through SMTP (the shared delivery worker; alerts: `email-failed`); a 2-minute lease outlasts any send. */
export function createEmailDeliveryWorker(deps: {
  db: Queryable;
  transport: MailTransport;
  from: string;
  now: () => Date;
  logger: Logger;
  maxAttempts: number;
  /** How long to wait before attempt `attempt + 1`; by default a minute doubling up to an hour. */
  backoffMs?: (attempt: number) => number;
}) {
  const fromAddress = addressOf(deps.from) ?? "localhost";
  return createDeliveryWorker({
    ...deps,
    channels: ["email"],
    transport: {
      send: async (message) => deps.transport.send(renderEmail(message, fromAddress)),
      failureOf,
      close: () => deps.transport.close(),
    },
    backoffMs: deps.backoffMs ?? ((attempt) => Math.min(60_000 * 2 ** (attempt - 1), 60 * 60_000)),
    leaseMs: 2 * 60_000,
    maxAgeMs: 24 * 60 * 60_000,
  });
}
