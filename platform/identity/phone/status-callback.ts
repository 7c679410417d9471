import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import twilio from "twilio";
import { readForm } from "../http/io.ts";
import type { Outbox } from "../store/outbox.ts";

/**
 * POST /provider/twilio/status?m=<outbox uuid>: the provider's delivery reports for texts and calls, believed only
 * when X-Twilio-Signature signs the URL and the posted parameters (anything else: 403, nothing changes). An undelivered
 * text or unanswered call is an alert, without the number or the code, and shown on the participant's code page.
 */
export function createStatusCallbackRoute(deps: {
  outbox: Outbox;
  /** The account's auth token: the provider signs each callback with it (X-Twilio-Signature). */
  authToken: string;
  /** This service's public address, as the callback URLs given to the provider begin. */
  issuer: string;
  logger: Logger;
}) {
  const base = deps.issuer.replace(/\/$/, "");
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST") return void res.writeHead(405, { allow: "POST" }).end();
    const params = await readForm(req);
    const signature = req.headers["x-twilio-signature"];
    const settings = req.headers["x-twilio-webhooks-signature-settings"];
    const algorithm = twilio.getSignatureAlgorithm(typeof settings === "string" ? settings : undefined);
    const url = `${base}${req.url ?? ""}`;
    if (typeof signature !== "string" || !twilio.validateRequest(deps.authToken, signature, url, params, algorithm)) {
      deps.logger.warn("provider status callback refused: not signed by the provider");
      return void res.writeHead(403, { "content-type": "text/plain; charset=utf-8" }).end("Forbidden");
    }
    const messageUuid = new URL(req.url ?? "/", "http://identity.invalid").searchParams.get("m") ?? "";
    const status = params.MessageStatus ?? params.CallStatus ?? "";
    const errorCode = /^\d{1,6}$/.test(params.ErrorCode ?? "") ? params.ErrorCode! : null;
    const changed = await deps.outbox.recordProviderReport({ messageUuid, status, errorCode });
    if (changed?.undelivered) {
      const { id: outboxId, channel, purpose } = changed;
      const message = channel === "voice" ? "code call not answered" : "text not delivered, as the provider reports";
      deps.logger.error({ alert: `${channel}-undelivered`, outboxId, channel, purpose, status, errorCode }, message);
    }
    res.writeHead(204).end();
  };
}
