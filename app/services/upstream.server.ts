import type { Logger } from "pino";
import * as z from "zod";
import { REQUEST_ID_HEADER } from "../../lib/http/index.ts";
import { serviceFetch } from "../../lib/http/service-fetch.ts";
import { CallInsideTransactionError } from "../../lib/postgres/transaction-scope.ts";
import { logger as portalLogger, redactText } from "./logger.server";

/**
 * The portal's one way to call another service: Node's own fetch (one kept-alive client per process,
 * shared with React Router and remix-auth-oauth2), a timeout per attempt, the request id forwarded, one
 * log line per attempt, and the answer parsed as JSON.
 */

export type UpstreamName = "identity" | "results" | "analytics" | "error-reporting";

/** The status a call that got no answer at all is reported with (SPEC.md §8: 599). */
export const UNANSWERED_STATUS = 599;

export interface UpstreamRequest {
  upstream: UpstreamName;
  url: URL | string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as it is, with its own content type (an error report's envelope). */
  raw?: { body: string | Uint8Array; contentType: string };
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  timeoutMs: number;
  /** The request id to forward (requestIdOf), so both sides' lines can be joined. */
  requestId?: string;
  logger?: Logger;
}

export type UpstreamReply =
  | { answered: true; status: number; ok: boolean; headers: Headers; body: unknown }
  | { answered: false; status: typeof UNANSWERED_STATUS; error: string };

function errorName(error: unknown): string {
  if (error instanceof Error) return error.name === "Error" ? redactText(error.message) : error.name;
  return "unknown";
}

function bodyOf(request: UpstreamRequest): { body?: string | Uint8Array<ArrayBuffer>; contentType?: string } {
  if (request.raw) return { body: request.raw.body as string | Uint8Array<ArrayBuffer>, contentType: request.raw.contentType };
  if (request.json !== undefined) return { body: JSON.stringify(request.json), contentType: "application/json" };
  if (request.form) return { body: new URLSearchParams(request.form).toString(), contentType: "application/x-www-form-urlencoded" };
  return {};
}

type LogLine = { method: string; upstream: UpstreamName; path: string; attempt: number; requestId?: string };

/** Runs one call with its log line: "upstream call" with the status, or "upstream call failed" (warn, status -1). */
async function logged<T extends { status: number }>(log: Logger, line: LogLine, call: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const durationMs = () => Math.round(performance.now() - began);
  try {
    const result = await call();
    log.info({ ...line, status: result.status, durationMs: durationMs() }, "upstream call");
    return result;
  } catch (error) {
    if (!(error instanceof CallInsideTransactionError)) {
      log.warn({ ...line, status: -1, durationMs: durationMs(), error: errorName(error) }, "upstream call failed");
    }
    throw error;
  }
}

function unanswered(error: unknown): UpstreamReply & { answered: false } {
  if (error instanceof CallInsideTransactionError) throw error;
  return { answered: false, status: UNANSWERED_STATUS, error: errorName(error) };
}

function parsedJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** One attempt. Never throws: no answer (refused, reset, timed out) is `answered: false`. */
export async function callUpstream(request: UpstreamRequest, attempt = 1): Promise<UpstreamReply> {
  const url = new URL(request.url);
  const method = request.method ?? "GET";
  const { body, contentType } = bodyOf(request);
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
  if (contentType) headers["Content-Type"] = contentType;
  if (request.requestId) headers[REQUEST_ID_HEADER] = request.requestId;
  const line = { method, upstream: request.upstream, path: redactText(url.pathname), attempt, requestId: request.requestId };
  return logged(request.logger ?? portalLogger, line, async () => {
    const response = await serviceFetch(url, { method, headers, body, signal: AbortSignal.timeout(request.timeoutMs) });
    const parsed = parsedJson(await response.text());
    return { answered: true as const, status: response.status, ok: response.ok, headers: response.headers, body: parsed };
  }).catch(unanswered);
}

/** `fetch` for a library that makes its own requests (openid-client, jose's key set), with the upstream log line. */
export function upstreamFetch(upstream: UpstreamName) {
  return (url: string | URL, init: Omit<RequestInit, "body"> & { body?: BodyInit | Uint8Array | null } = {}): Promise<Response> => {
    const line = { method: init.method ?? "GET", upstream, path: redactText(new URL(url).pathname), attempt: 1 };
    return logged(portalLogger, line, () => serviceFetch(url, init as RequestInit));
  };
}

/** The reply's body as the schema reads it, or null when there is none or it does not fit. */
export function bodyAs<T>(reply: UpstreamReply, schema: z.ZodType<T>): T | null {
  if (!reply.answered) return null;
  const parsed = schema.safeParse(reply.body);
  return parsed.success ? parsed.data : null;
}

/** How long a 429 says to wait; an hour when its body does not say. */
export function retryAfterOf(reply: UpstreamReply): number {
  return bodyAs(reply, z.object({ retryAfterSeconds: z.number() }))?.retryAfterSeconds ?? 3600;
}

/** The `message` of an error body, else nothing. */
export const messageOf = (reply: UpstreamReply) => bodyAs(reply, z.object({ message: z.string() }))?.message;

/** Of a file's headers, only what a browser needs to save it; nothing else the service answered. */
const FILE_HEADERS = ["content-type", "content-length", "content-disposition"];

/** A streamed file passed on with `headers` and its own (a HEAD lets the body go at once); null, body let go, when not sent. */
export async function passedOnFile(request: Request, file: StreamedFile, headers: HeadersInit): Promise<Response | null> {
  if (!file.answered || !file.ok || !file.body) {
    if (file.answered) await file.body?.cancel();
    return null;
  }
  const answer = new Headers(headers);
  for (const name of FILE_HEADERS) {
    const value = file.headers.get(name);
    if (value) answer.set(name, value);
  }
  if (request.method !== "HEAD") return new Response(file.body, { status: 200, headers: answer });
  await file.body.cancel();
  return new Response(null, { status: 200, headers: answer });
}

type StreamedFile = Awaited<ReturnType<typeof openUpstreamStream>>;

/**
 * A GET whose body is passed on as it arrives (a file), not read here. The timeout covers the wait
 * for the answer's headers; the body then flows until it ends or `until` aborts (the browser left).
 */
export async function openUpstreamStream(request: Omit<UpstreamRequest, "method" | "json" | "raw" | "form">, until?: AbortSignal) {
  const url = new URL(request.url);
  const headers: Record<string, string> = { ...request.headers };
  if (request.requestId) headers[REQUEST_ID_HEADER] = request.requestId;
  const line = { method: "GET", upstream: request.upstream, path: redactText(url.pathname), attempt: 1, requestId: request.requestId };
  const controller = new AbortController();
  const headersTimer = setTimeout(() => controller.abort(new DOMException("headers timed out", "TimeoutError")), request.timeoutMs);
  until?.addEventListener("abort", () => controller.abort(until.reason), { once: true });
  return logged(request.logger ?? portalLogger, line, async () => {
    const response = await serviceFetch(url, { headers, signal: controller.signal });
    return { answered: true as const, status: response.status, ok: response.ok, headers: response.headers, body: response.body };
  })
    .catch(unanswered)
    .finally(() => clearTimeout(headersTimer));
}
