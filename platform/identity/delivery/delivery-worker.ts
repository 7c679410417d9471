import type { Logger } from "pino";
import type { Queryable } from "../../../lib/postgres/index.ts";
import { repeatEvery } from "../../../lib/scheduling/repeat-every.ts";
import type { DeliveryRefusal, OutboxChannel } from "../store/outbox.ts";
import { type ClaimedMessage, createDeliveryStore } from "./delivery-store.ts";

/** Why a send failed, without the destination or the provider's words (which may quote the destination). */
export interface SendFailure {
  /** The provider's final word on this message: marked failed at once, never tried again. */
  permanent: boolean;
  /** A short code for logs and the row's last_error (an SMTP or provider error code, a network error name). */
  reason: string;
  /** Permanent refusals the participant can act on (a number that cannot take texts, a STOP). */
  refusal?: DeliveryRefusal;
}

/** One channel family's way out: SMTP for e-mail, the text provider for texts and calls. */
export interface DeliveryTransport {
  /** Sends one message; answers the provider's id for it when it has one. Throws on any failure. */
  send(message: ClaimedMessage): Promise<{ providerId?: string } | void>;
  /** Classifies what `send` threw. */
  failureOf(error: unknown): SendFailure;
  close?(): void;
}

type DeliveryRound = Record<"sent" | "retried" | "failed", number>;

/** How logs name a channel's messages, and the alert a failure raises (`email-failed`, `sms-failed`, `voice-failed`). */
const NOUNS: Record<OutboxChannel, string> = { email: "e-mail", sms: "text", voice: "call" };

/**
 * Sends an outbox's due rows of some channels: one worker per process and channel family, any number
 * of processes. Each row is leased while it is sent, retried with back-off while the failure may pass,
 * and marked failed with an alert when it will not. Logs say which row and why, never the destination,
 * the words, the code or a credential.
 */
export function createDeliveryWorker(deps: {
  db: Queryable;
  channels: readonly OutboxChannel[];
  transport: DeliveryTransport;
  now: () => Date;
  logger: Logger;
  maxAttempts: number;
  /** How long to wait before attempt `attempt + 1`. */
  backoffMs: (attempt: number) => number;
  /** How long a taken row is held before another worker may take it (longer than any send). */
  leaseMs: number;
  /** A row older than this is not sent any more (its code or news is stale). */
  maxAgeMs: number;
}) {
  const store = createDeliveryStore(deps.db, deps.now, deps.channels);

  async function deliver(message: ClaimedMessage, round: DeliveryRound): Promise<void> {
    const noun = NOUNS[message.channel];
    const about = { outboxId: message.id, channel: message.channel, purpose: message.purpose, attempts: message.attempts };
    let answer: { providerId?: string } | void;
    try {
      answer = await deps.transport.send(message);
    } catch (error) {
      const failure = deps.transport.failureOf(error);
      const context = { ...about, reason: failure.reason };
      if (failure.permanent || message.attempts >= deps.maxAttempts) {
        await store.markFailed(message.id, failure.reason, failure.refusal);
        round.failed++;
        deps.logger.error(
          { alert: `${message.channel}-failed`, ...context, ...(failure.refusal ? { refusal: failure.refusal } : {}) },
          `${noun} could not be delivered; marked failed`,
        );
      } else {
        await store.retryLater(message.id, deps.backoffMs(message.attempts), failure.reason);
        round.retried++;
        deps.logger.warn(context, `${noun} not delivered; trying again later`);
      }
      return;
    }
    await store.markSent(message.id, answer?.providerId);
    round.sent++;
    deps.logger.info(about, `${noun} handed over`);
  }

  async function runOnce(flowKey?: string): Promise<DeliveryRound> {
    const round: DeliveryRound = { sent: 0, retried: 0, failed: 0 };
    const stale = flowKey ? [] : await store.failStale(deps.maxAgeMs);
    for (const channel of new Set(stale.map((row) => row.channel))) {
      const ids = stale.filter((row) => row.channel === channel).map((row) => row.id);
      round.failed += ids.length;
      deps.logger.error(
        { alert: `${channel}-failed`, channel, outboxIds: ids, reason: "too old" },
        `${NOUNS[channel]}s not delivered in time`,
      );
    }
    const claimed = await store.claim(flowKey ? 5 : 20, deps.leaseMs, deps.maxAgeMs, flowKey);
    for (const message of claimed) await deliver(message, round);
    return round;
  }

  /** Runs every `intervalMs`, one round at a time; the answer stops it, waits for a round under way and closes the transport. */
  function start(intervalMs: number): () => Promise<void> {
    const stop = repeatEvery(
      intervalMs,
      () => runOnce(),
      (error) => deps.logger.warn({ err: { message: error.message }, channels: deps.channels }, "delivery round failed"),
    );
    return async () => {
      await stop();
      deps.transport.close?.();
    };
  }

  return {
    /** One round: stale rows failed, then up to a batch of due rows sent; with `flowKey`, only that flow's due rows. */
    runOnce,
    start,
  };
}
