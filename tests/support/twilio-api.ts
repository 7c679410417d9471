import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";

/**
 * A server on this machine that answers as Twilio's REST API (2010-04-01) is documented to, for the
 * SDK to talk to in tests and rehearsals: the account, Messages.json and Calls.json, HTTP Basic auth
 * with the account SID and auth token, the documented error bodies (`{ code, message, more_info,
 * status }`), the test credentials' magic numbers, and status callbacks signed with the auth token as
 * the provider signs them (X-Twilio-Signature, computed by the SDK's own helper). It reaches nothing
 * beyond this machine. What each destination is answered can be scripted, in process or over HTTP
 * (`POST /__test/script`), and every request it received can be read (`GET /__test/requests`).
 */

/** How the next request for a destination is answered. */
export type ScriptedAnswer =
  | "accept"
  /** Accepted, then reported undelivered (a text) or not answered (a call) by status callback. */
  | "undelivered"
  | "21211"
  | "21610"
  | "21614"
  | "20429"
  | "500"
  /** No answer at all until the client gives up. */
  | "timeout";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The form the SDK posted (first value of each field). */
  form: Record<string, string>;
  /** The HTTP status it was answered with (0: never answered). */
  status: number;
  /** The SID of the message or call it created. */
  sid?: string;
}

export interface SignedCallback {
  url: string;
  params: Record<string, string>;
  /** The status the service answered the callback with. */
  status: number;
}

export interface TwilioApi {
  url: string;
  accountSid: string;
  authToken: string;
  requests: ReceivedRequest[];
  callbacks: SignedCallback[];
  /** The next requests for `to` are answered so, one answer each, then accepted again. */
  script(to: string, ...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

/** Documented error answers (twilio.com/docs/errors). */
const ERRORS: Record<string, { status: number; code: number; message: string }> = {
  "21211": { status: 400, code: 21211, message: "Invalid 'To' Phone Number" },
  "21610": { status: 400, code: 21610, message: "Attempt to send to unsubscribed recipient" },
  "21614": { status: 400, code: 21614, message: "'To' number is not a valid mobile number" },
  "20429": { status: 429, code: 20429, message: "Too Many Requests" },
  "500": { status: 500, code: 20500, message: "Internal Server Error" },
  "20003": { status: 401, code: 20003, message: "Authentication Error - invalid username" },
  "21602": { status: 400, code: 21602, message: "Message body is required." },
  "21603": { status: 400, code: 21603, message: "The 'From' phone number is required." },
  "21205": { status: 400, code: 21205, message: "Url parameter is required." },
};

/**
 * The magic numbers of Twilio's test credentials: these destinations are always answered with the
 * documented error, as the provider answers them.
 */
export const MAGIC_NUMBERS: Readonly<Record<string, ScriptedAnswer>> = {
  "+15005550001": "21211",
  "+15005550004": "21610",
  "+15005550009": "21614",
};

const E164 = /^\+[1-9]\d{7,14}$/;

/** A SID of the provider's form: two letters and 32 hexadecimal characters. */
export const sidOf = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function formOf(text: string): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) if (!(name in form)) form[name] = value;
  return form;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, key: string) {
  const error = ERRORS[key]!;
  sendJson(res, error.status, {
    code: error.code,
    message: error.message,
    more_info: `https://www.twilio.com/docs/errors/${error.code}`,
    status: error.status,
  });
}

/** Starts the server on a free port of 127.0.0.1 unless given one. */
export async function startTwilioApi(
  options: { port?: number; accountSid?: string; authToken?: string; callbacks?: boolean } = {},
): Promise<TwilioApi> {
  const accountSid = options.accountSid ?? sidOf("AC");
  const authToken = options.authToken ?? randomBytes(16).toString("hex");
  const requests: ReceivedRequest[] = [];
  const callbacks: SignedCallback[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();
  const hanging = new Set<ServerResponse>();
  const sendCallbacks = options.callbacks ?? true;

  const nextAnswer = (to: string): ScriptedAnswer => scripts.get(to)?.shift() ?? MAGIC_NUMBERS[to] ?? "accept";

  /** Posts a status report as the provider does: form-encoded, signed with the auth token over the URL and parameters. */
  async function report(url: string, params: Record<string, string>) {
    const signature = twilio.getExpectedTwilioSignature(authToken, url, params);
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": signature,
        "i-twilio-idempotency-token": sidOf(""),
      },
      body: new URLSearchParams(params).toString(),
    }).catch(() => null);
    callbacks.push({ url, params, status: response?.status ?? 0 });
  }

  async function reportLater(kind: "message" | "call", resource: Record<string, unknown>, callbackUrl: string, undelivered: boolean) {
    const common = { AccountSid: accountSid, To: String(resource.to), From: String(resource.from ?? ""), ApiVersion: "2010-04-01" };
    if (kind === "message") {
      const sid = String(resource.sid);
      await report(callbackUrl, { ...common, MessageSid: sid, SmsSid: sid, MessageStatus: "sent", SmsStatus: "sent" });
      await report(
        callbackUrl,
        undelivered
          ? { ...common, MessageSid: sid, SmsSid: sid, MessageStatus: "undelivered", SmsStatus: "undelivered", ErrorCode: "30003" }
          : { ...common, MessageSid: sid, SmsSid: sid, MessageStatus: "delivered", SmsStatus: "delivered" },
      );
    } else {
      await report(callbackUrl, {
        ...common,
        CallSid: String(resource.sid),
        CallStatus: undelivered ? "no-answer" : "completed",
        Direction: "outbound-api",
        ...(undelivered ? {} : { CallDuration: "21" }),
      });
    }
  }

  function resourceFor(kind: "message" | "call", form: Record<string, string>, sid: string) {
    const now = new Date().toUTCString();
    const base = { account_sid: accountSid, api_version: "2010-04-01", date_created: now, date_updated: now, sid, to: form.To };
    if (kind === "message")
      return {
        ...base,
        body: form.Body,
        date_sent: null,
        direction: "outbound-api",
        error_code: null,
        error_message: null,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        num_media: "0",
        num_segments: "1",
        price: null,
        price_unit: "USD",
        status: form.MessagingServiceSid ? "accepted" : "queued",
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      };
    return {
      ...base,
      from: form.From,
      from_formatted: form.From,
      to_formatted: form.To,
      direction: "outbound-api",
      status: "queued",
      parent_call_sid: null,
      phone_number_sid: null,
      price: null,
      price_unit: "USD",
      start_time: null,
      end_time: null,
      duration: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Calls/${sid}.json`,
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://twilio.invalid");
    if (url.pathname === "/health") return sendJson(res, 200, { status: "ok" });
    if (url.pathname === "/__test/script" && req.method === "POST") {
      const { to, answers } = JSON.parse(await readBody(req)) as { to: string; answers: ScriptedAnswer[] };
      scripts.set(to, [...(scripts.get(to) ?? []), ...answers]);
      return sendJson(res, 204, null);
    }
    if (url.pathname === "/__test/requests" && req.method === "GET") {
      const to = url.searchParams.get("to");
      return sendJson(res, 200, { requests: requests.filter((each) => !to || each.form.To === to), callbacks });
    }
    const text = req.method === "POST" ? await readBody(req) : "";
    const received: ReceivedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      headers: req.headers,
      form: formOf(text),
      status: 0,
    };
    requests.push(received);
    const answer = (status: number, body: unknown) => {
      received.status = status;
      sendJson(res, status, body);
    };
    const fail = (key: string) => {
      received.status = ERRORS[key]!.status;
      sendError(res, key);
    };

    const [scheme, encoded] = (req.headers.authorization ?? "").split(" ");
    const [user, password] = Buffer.from(encoded ?? "", "base64")
      .toString("utf8")
      .split(":");
    if (scheme !== "Basic" || user !== accountSid || password !== authToken) return fail("20003");

    const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})(?:\/(Messages|Calls))?\.json$/.exec(url.pathname);
    if (!match || match[1] !== accountSid)
      return answer(404, {
        code: 20404,
        message: "The requested resource was not found",
        more_info: "https://www.twilio.com/docs/errors/20404",
        status: 404,
      });
    if (!match[2]) {
      if (req.method !== "GET") return answer(405, { code: 20004, message: "Method not allowed", status: 405 });
      return answer(200, { sid: accountSid, friendly_name: "Test account", status: "active", type: "Full", owner_account_sid: accountSid });
    }
    if (req.method !== "POST") return answer(405, { code: 20004, message: "Method not allowed", status: 405 });
    const kind = match[2] === "Messages" ? "message" : "call";
    const form = received.form;
    const to = form.To ?? "";
    if (!E164.test(to)) return fail("21211");
    if (kind === "message" && !form.Body) return fail("21602");
    if (kind === "message" ? !form.From && !form.MessagingServiceSid : !form.From) return fail("21603");
    if (kind === "call" && !form.Twiml && !form.Url) return fail("21205");
    const scripted = nextAnswer(to);
    if (scripted === "timeout") {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (scripted !== "accept" && scripted !== "undelivered") return fail(scripted);
    const sid = sidOf(kind === "message" ? "SM" : "CA");
    received.sid = sid;
    const resource = resourceFor(kind, form, sid);
    answer(201, resource);
    if (sendCallbacks && form.StatusCallback) void reportLater(kind, resource, form.StatusCallback, scripted === "undelivered");
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { code: 20500, message: "Internal Server Error", status: 500 });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    requests,
    callbacks,
    script: (to, ...answers) => void scripts.set(to, [...(scripts.get(to) ?? []), ...answers]),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
