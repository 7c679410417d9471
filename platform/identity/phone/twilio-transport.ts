import { AsyncLocalStorage } from "node:async_hooks";
import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import { assertOutsideTransaction } from "../../../lib/postgres/transaction-scope.ts";
import type { ClaimedMessage } from "../delivery/delivery-store.ts";
import type { DeliveryTransport, SendFailure } from "../delivery/delivery-worker.ts";
import { smsBody, voiceTwiml } from "./phone-content.ts";
import { type SmsSettings, TWILIO_DEFAULT_API_URL } from "./sms-settings.ts";

/** The header each request to the provider carries: the outbox row's own uuid, the same on every attempt. */
const IDEMPOTENCY_HEADER = "I-Twilio-Idempotency-Token";
/** Where the provider posts a message's or call's status; `?m=` names the outbox row by its uuid. */
export const STATUS_CALLBACK_PATH = "/provider/twilio/status";

const REQUEST_TIMEOUT_MS = 10_000;
/** A code lives 10 minutes: a text the provider could not hand on by then is better dropped than delivered late. */
const CODE_VALIDITY_SECONDS = 600;

const idempotencyKeys = new AsyncLocalStorage<string>();

/**
 * The SDK's own request client (axios, Basic auth, form bodies, its timeout), with two additions made
 * the way the SDK documents a custom `httpClient`: each request carries the outbox row's idempotency
 * key, and the requests go to TWILIO_API_URL (a regional edge or a test server) when one is set.
 */
class PortalRequestClient extends twilio.RequestClient {
  readonly #apiUrl: string | null;

  constructor(apiUrl: string, timeoutMs: number) {
    super({ timeout: timeoutMs, keepAlive: true });
    this.#apiUrl = apiUrl === TWILIO_DEFAULT_API_URL ? null : apiUrl;
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const key = idempotencyKeys.getStore();
    const headers = { ...opts.headers, ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) };
    const uri = this.#apiUrl ? this.#apiUrl + new URL(opts.uri).pathname + new URL(opts.uri).search : opts.uri;
    return super.request<TData>({ ...opts, uri, headers });
  }
}

/** Twilio error codes the participant can act on; each is final for that message. */
const REFUSALS: Record<number, { refusal: SendFailure["refusal"]; words: string }> = {
  21211: { refusal: "invalid-number", words: "invalid number" },
  21614: { refusal: "not-sms-capable", words: "not a mobile number" },
  21610: { refusal: "opted-out", words: "recipient opted out (STOP)" },
};

/**
 * What a failed send means: a refusal of this message (4xx with a Twilio error code) is final; too
 * many requests (429, 20429), the provider's trouble (5xx) and no answer (a timeout, a dropped or
 * refused connection) are worth another try. The reason holds codes only, never the provider's words,
 * which quote the number.
 */
function twilioFailureOf(error: unknown): SendFailure {
  if (error instanceof twilio.RestException) {
    const status = typeof error.status === "number" ? error.status : 0;
    const code = typeof error.code === "number" ? error.code : null;
    const known = code !== null ? REFUSALS[code] : undefined;
    if (known) return { permanent: true, reason: `${code} ${known.words}`, refusal: known.refusal };
    if (status === 429 || code === 20429) return { permanent: false, reason: `${code ?? "HTTP"} ${status} too many requests` };
    if (status >= 500 || status === 0) return { permanent: false, reason: `${code ?? "HTTP"} ${status}` };
    return { permanent: true, reason: `${code ?? "HTTP"} ${status} refused`, refusal: "other" };
  }
  const { code } = (error ?? {}) as { code?: unknown };
  const kind = typeof code === "string" && /^[A-Z_]{2,30}$/.test(code) ? code : "ERROR";
  return { permanent: false, reason: kind === "ECONNABORTED" ? "timeout" : kind };
}

/**
 * Texts through Programmable Messaging and code calls through Voice, with the official SDK. Each
 * request names the row's status callback, so delivery reports come back to this service.
 */
export function createTwilioTransport(
  settings: SmsSettings["twilio"],
  options: {
    /** The status callback URL of an outbox row (its uuid), on this service's public address. */
    statusCallbackUrl: (messageUuid: string) => string;
    /** The hosted pages' host, for the origin-bound line of a code text. */
    pagesHost: string;
    /** Per request (10 s unless told otherwise); a timed-out send is tried again under the same key. */
    timeoutMs?: number;
  },
): DeliveryTransport {
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: new PortalRequestClient(settings.apiUrl, options.timeoutMs ?? REQUEST_TIMEOUT_MS),
  });
  return {
    async send(message: ClaimedMessage) {
      assertOutsideTransaction("sending a text or a call");
      if (!message.code) throw Object.assign(new Error("a text or call without a code"), { code: "NO_CODE" });
      const locale = message.locale ?? "en";
      const statusCallback = options.statusCallbackUrl(message.messageUuid);
      const sent = await idempotencyKeys.run(message.messageUuid, () =>
        message.channel === "voice"
          ? client.calls.create({
              to: message.to,
              from: settings.voiceFromNumber,
              twiml: voiceTwiml(locale, message.code!),
              statusCallback,
              statusCallbackMethod: "POST",
              statusCallbackEvent: ["completed"],
            })
          : client.messages.create({
              to: message.to,
              body: smsBody(locale, message.code!, options.pagesHost),
              ...(settings.messagingServiceSid
                ? { messagingServiceSid: settings.messagingServiceSid, validityPeriod: CODE_VALIDITY_SECONDS }
                : {}),
              ...(settings.fromNumber ? { from: settings.fromNumber } : {}),
              statusCallback,
            }),
      );
      return { providerId: sent.sid };
    },
    failureOf: twilioFailureOf,
  };
}
