import type { Logger } from "pino";
import type { Queryable } from "../../../lib/postgres/index.ts";
import { repeatEvery } from "../../../lib/scheduling/repeat-every.ts";
import { createDeliveryStore } from "./delivery-store.ts";
import { renderEmail } from "./email-content.ts";
import { addressOf } from "./mail-settings.ts";
import { failureOf, type MailTransport } from "./smtp-transport.ts";

export interface DeliveryWorkerDeps {
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

export const defaultBackoffMs = (attempt: number) => Math.min(60_000 * 2 ** (attempt - 1), 60 * 60_000);
const LEASE_MS = 2 * 60_000;
const MAX_AGE_MS = 24 * 60 * 60_000;

export interface DeliveryRound {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Sends the outbox's due e-mails through SMTP: one worker per process, any number of processes.
 * Logs say which outbox row and why, never the address, the words or the SMTP password.
 */
export function createDeliveryWorker(deps: DeliveryWorkerDeps) {
  const store = createDeliveryStore(deps.db, deps.now);
  const fromAddress = addressOf(deps.from) ?? "localhost";
  const backoff = deps.backoffMs ?? defaultBackoffMs;
  const maxAge = deps.maxAgeMs ?? MAX_AGE_MS;

  async function runOnce(): Promise<DeliveryRound> {
    const round: DeliveryRound = { sent: 0, retried: 0, failed: 0 };
    const stale = await store.failStale(maxAge);
    if (stale.length) {
      round.failed += stale.length;
      deps.logger.error(
        { alert: "email-failed", outboxIds: stale.map((row) => row.id), reason: "too old" },
        "e-mails not delivered in time",
      );
    }
    const claimed = await store.claim(deps.batch ?? 20, deps.leaseMs ?? LEASE_MS, maxAge);
    for (const email of claimed) {
      try {
        await deps.transport.send(renderEmail(email, fromAddress));
      } catch (error) {
        const failure = failureOf(error);
        const context = { outboxId: email.id, purpose: email.purpose, attempts: email.attempts, reason: failure.reason };
        if (failure.permanent || email.attempts >= deps.maxAttempts) {
          await store.markFailed(email.id, failure.reason);
          round.failed++;
          deps.logger.error({ alert: "email-failed", ...context }, "e-mail could not be delivered; marked failed");
        } else {
          await store.retryLater(email.id, backoff(email.attempts), failure.reason);
          round.retried++;
          deps.logger.warn(context, "e-mail not delivered; trying again later");
        }
        continue;
      }
      await store.markSent(email.id);
      round.sent++;
      deps.logger.info({ outboxId: email.id, purpose: email.purpose, attempts: email.attempts }, "e-mail delivered");
    }
    return round;
  }

  /** Runs every `intervalMs`, one round at a time; the answer stops it, waits for a round under way and closes the transport. */
  function start(intervalMs: number): () => Promise<void> {
    const stop = repeatEvery(intervalMs, runOnce, (error) =>
      deps.logger.warn({ err: { message: error.message } }, "e-mail delivery round failed"),
    );
    return async () => {
      await stop();
      deps.transport.close();
    };
  }

  return { runOnce, start };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
