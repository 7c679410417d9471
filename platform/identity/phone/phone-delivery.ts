import type { Logger } from "pino";
import type { Queryable } from "../../../lib/postgres/index.ts";
import { createDeliveryWorker } from "../delivery/delivery-worker.ts";
import { CODE_TTL_MS } from "../store/verifications.ts";
import type { SmsSettings } from "./sms-settings.ts";
import { createTwilioTransport, STATUS_CALLBACK_PATH } from "./twilio-transport.ts";

/**
 * Sends the outbox's due texts and calls through Twilio (the shared delivery worker,
 * platform/identity/delivery), each taken for a minute at most. A code is worth 10 minutes: a text
 * not handed over by then is marked failed, never sent late. Alerts: `sms-failed`, `voice-failed`.
 */
export function createPhoneDeliveryWorker(deps: {
  db: Queryable;
  settings: SmsSettings;
  /** This service's public address: status callbacks come back to it, and code texts are bound to its host. */
  issuer: string;
  now: () => Date;
  logger: Logger;
  /** Per request to the provider (10 s unless told otherwise). */
  timeoutMs?: number;
  /** Before attempt `attempt + 1`: 5 s doubling, at most a minute, unless told otherwise. */
  backoffMs?: (attempt: number) => number;
}) {
  return createDeliveryWorker({
    ...deps,
    channels: ["sms", "voice"],
    transport: createTwilioTransport(deps.settings.twilio, {
      statusCallbackUrl: (messageUuid) => `${deps.issuer.replace(/\/$/, "")}${STATUS_CALLBACK_PATH}?m=${messageUuid}`,
      pagesHost: new URL(deps.issuer).hostname,
      timeoutMs: deps.timeoutMs,
    }),
    maxAttempts: deps.settings.maxAttempts,
    backoffMs: deps.backoffMs ?? ((attempt) => Math.min(5_000 * 2 ** (attempt - 1), 60_000)),
    leaseMs: 60_000,
    maxAgeMs: CODE_TTL_MS,
  });
}
