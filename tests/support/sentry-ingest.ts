import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/** One item of an envelope: its header (`type`, maybe `length`) and its payload, parsed when JSON. */
export interface EnvelopeItem {
  header: { type: string; length?: number; [key: string]: unknown };
  payload: unknown;
}

export interface ReceivedEnvelope {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as it arrived (unzipped): what a test searches for anything that must not leave. */
  body: string;
  receivedAt: number;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

export interface SentryIngest {
  /** A DSN naming this server: project 1, public key "publictestkey". */
  dsn: string;
  received: ReceivedEnvelope[];
  /** Requests refused because they were not to the project's envelope endpoint with its key. */
  refused: number;
  /** The payloads of every `event` item received, in order. */
  events(): Array<Record<string, unknown>>;
  /** The payloads of every `client_report` item (the SDK's counts of what it dropped). */
  clientReports(): Array<{ discarded_events?: Array<{ reason: string; category: string; quantity: number }> }>;
  /** Resolves once `ready()` is true of what has arrived. */
  waitFor(ready: (ingest: SentryIngest) => boolean): Promise<void>;
  /** Answers later envelopes with this status (default 200) and headers. */
  respondWith(status: number, headers?: Record<string, string>): void;
  /** Holds the answers to later envelopes until release(). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

const PROJECT_ID = "1";
const PUBLIC_KEY = "publictestkey";

/** Splits a Sentry envelope: a header line, then per item a header line and a payload (of `length` bytes, or one line). */
export function parseEnvelope(raw: Buffer): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  let offset = 0;
  const line = () => {
    let end = raw.indexOf(0x0a, offset);
    if (end < 0) end = raw.length;
    const text = raw.subarray(offset, end).toString("utf8");
    offset = end + 1;
    return text;
  };
  const json = (text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < raw.length) {
    const headerText = line();
    if (!headerText.trim()) continue;
    const itemHeader = JSON.parse(headerText) as EnvelopeItem["header"];
    let payload: string;
    if (typeof itemHeader.length === "number") {
      payload = raw.subarray(offset, offset + itemHeader.length).toString("utf8");
      offset += itemHeader.length + 1;
    } else payload = line();
    items.push({ header: itemHeader, payload: json(payload) });
  }
  return { header, items };
}

/**
 * An ingest server on this machine that takes what Sentry's SDK sends: POST
 * /api/{project}/envelope/ with the project's key (in the query or an X-Sentry-Auth header), a body
 * gzip-compressed or not. Tests point a DSN at it and read what arrived.
 */
export async function startSentryIngest(): Promise<SentryIngest> {
  const received: ReceivedEnvelope[] = [];
  const waiters: Array<{ ready: (ingest: SentryIngest) => boolean; resolve: () => void }> = [];
  let status = 200;
  let answerHeaders: Record<string, string> = {};
  let holding = false;
  const held: ServerResponse[] = [];

  const notify = () => {
    for (const waiter of waiters.filter((w) => w.ready(ingest))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://ingest.invalid");
      const auth = String(req.headers["x-sentry-auth"] ?? "");
      const keyed = url.searchParams.get("sentry_key") === PUBLIC_KEY || auth.includes(`sentry_key=${PUBLIC_KEY}`);
      if (req.method !== "POST" || url.pathname !== `/api/${PROJECT_ID}/envelope/` || !keyed) {
        ingest.refused += 1;
        res.writeHead(403).end();
        return;
      }
      let raw = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") raw = gunzipSync(raw);
      received.push({
        path: url.pathname,
        headers: req.headers,
        body: raw.toString("utf8"),
        receivedAt: Date.now(),
        ...parseEnvelope(raw),
      });
      notify();
      res.writeHead(status, { "Content-Type": "application/json", Connection: "close", ...answerHeaders });
      if (holding) held.push(res);
      else res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const payloadsOf = (type: string) =>
    received.flatMap((envelope) => envelope.items.filter((item) => item.header.type === type).map((item) => item.payload));

  const ingest: SentryIngest = {
    dsn: `http://${PUBLIC_KEY}@127.0.0.1:${port}/${PROJECT_ID}`,
    received,
    refused: 0,
    events: () => payloadsOf("event") as Array<Record<string, unknown>>,
    clientReports: () => payloadsOf("client_report") as ReturnType<SentryIngest["clientReports"]>,
    waitFor(ready) {
      if (ready(ingest)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ ready, resolve }));
    },
    respondWith(next, headers = {}) {
      status = next;
      answerHeaders = headers;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const res of held.splice(0)) res.end("{}");
    },
    close() {
      for (const res of held.splice(0)) res.end("{}");
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return ingest;
}
