import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino, type DestinationStream, type Logger } from "pino";
import { REQUEST_ID_HEADER, saneRequestId } from "../../lib/http/index.ts";
import { env } from "./env.server";

/**
 * Portal logs: one JSON line per request and one per upstream call, with a request id that
 * follows the request to the identity provider and the results service. Lines carry paths
 * without query strings and never headers or bodies, and free text passes through redactText.
 */

const REDACTED = "[redacted]";

const jwtShaped = /\beyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;
const bearerValue = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
const secretAssignment =
  /\b((?:[a-z_]*password|passwd|pwd|secret|client_secret|token|access_token|id_token|refresh_token|code|otp|auth_?code|verification_?code|captcha_?token|api_?key)["']?\s*[:=]\s*["']?)([^"'&\s,;}]+)/gi;
// Starts only where a local part can start, so a long run without "@" is scanned once, not once per character.
const emailAddress = /(?<![\w.%+-])[\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
// Phone numbers: seven or more digits, optionally with +, spaces, dots, dashes or brackets between them.
const phoneLike = /(?<![\w+])\+?\(?\d[\d\s().-]{5,}\d(?![\w])/g;
const codeLike = /(?<!\d)\d{5,6}(?!\d)/g;

/** Removes tokens, bearer values, passwords, codes, phone numbers and e-mail addresses from free text. */
export function redactText(text: string): string {
  return text
    .replace(jwtShaped, REDACTED)
    .replace(bearerValue, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(secretAssignment, (_match, name: string) => `${name}${REDACTED}`)
    .replace(emailAddress, REDACTED)
    .replace(phoneLike, (match) => (match.replace(/\D/g, "").length >= 7 ? REDACTED : match))
    .replace(codeLike, REDACTED);
}

/** redactText applied to every string inside a JSON-like value. */
export function redactValue<T>(value: T): T {
  if (typeof value === "string") return redactText(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactValue(item)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactValue(item)])) as T;
  }
  return value;
}

/** Longest path a log line keeps; junk requests cannot fill the log (or the error reporter's queue) with long ones. */
export const LOGGED_PATH_MAX = 200;

/** The path of a URL or request target, without its query string or fragment, cut to LOGGED_PATH_MAX characters. */
export function pathOnly(target: string): string {
  const withoutQuery = target.split(/[?#]/, 1)[0] ?? "/";
  try {
    const path = new URL(withoutQuery, "http://portal.invalid").pathname;
    return path.length > LOGGED_PATH_MAX ? `${path.slice(0, LOGGED_PATH_MAX)}…` : path;
  } catch {
    return "/";
  }
}

/** The request id of a request the portal is handling (set by installRequestLogging). */
export function requestIdOf(request: Request): string {
  return saneRequestId(request.headers.get(REQUEST_ID_HEADER));
}

export function createPortalLogger(destination?: DestinationStream, level: string = env.LOG_LEVEL): Logger {
  const options = { level, base: { service: "portal" }, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}

export const logger: Logger = createPortalLogger();

type RequestStart = { request: IncomingMessage; response: ServerResponse };
type ResponseFinish = { request: IncomingMessage; response: ServerResponse };

const startedAt = new WeakMap<IncomingMessage, { time: number; requestId: string }>();
const installedLoggers = new WeakSet<Logger>();

/**
 * One JSON line per HTTP request the portal process serves, documents, data, resource routes
 * and static files alike. It listens on Node's own http diagnostics channels, so it needs no
 * change to remix-serve: the id is decided before Express or Remix see the request, written
 * back into the request headers (loaders read it with requestIdOf) and echoed in the response.
 */
export function installRequestLogging(log: Logger = logger): void {
  if (installedLoggers.has(log)) return;
  installedLoggers.add(log);
  subscribe("http.server.request.start", (message) => {
    const { request, response } = message as RequestStart;
    const requestId = saneRequestId(request.headers[REQUEST_ID_HEADER]);
    request.headers[REQUEST_ID_HEADER] = requestId;
    if (!response.headersSent) response.setHeader(REQUEST_ID_HEADER, requestId);
    startedAt.set(request, { time: performance.now(), requestId });
  });
  subscribe("http.server.response.finish", (message) => {
    const { request, response } = message as ResponseFinish;
    const started = startedAt.get(request);
    if (!started) return;
    startedAt.delete(request);
    log.info(
      {
        method: request.method,
        path: redactText(pathOnly(request.url ?? "/")),
        status: response.statusCode,
        durationMs: Math.round(performance.now() - started.time),
        requestId: started.requestId,
      },
      "request",
    );
  });
}

/** remix-serve's own access-log line (morgan "tiny"): method, full URL with its query, status, size, time. */
const accessLogLine = /^[A-Z]+ \S* \d{3} \S* - \S+ ms\n?$/;

/**
 * remix-serve prints every request's full URL, query included — the results link's token and the
 * sign-in callback's code among them — and cannot be told not to. The JSON request line above
 * replaces it, so those lines are dropped before they reach the process's output.
 */
export function silenceRemixServeAccessLog(stream: NodeJS.WriteStream = process.stdout): void {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk === "string" && accessLogLine.test(chunk)) {
      const callback = rest.find((argument) => typeof argument === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }
    return write(chunk, ...rest);
  }) as typeof stream.write;
}

export interface UpstreamCall {
  /** A short name for the service called: "identity", "results", "analytics", … */
  upstream: string;
  /** The request id to forward (from requestIdOf), so both sides' lines can be joined. */
  requestId?: string;
  /** Which try this is, when the caller retries (SPEC.md §7: results are tried up to 3 times). */
  attempt?: number;
  logger?: Logger;
}

/** fetch, plus one log line per call and the x-request-id header forwarded upstream. */
export async function loggedFetch(input: string | URL, init: RequestInit & UpstreamCall): Promise<Response> {
  const { upstream, requestId, attempt = 1, logger: log = logger, ...requestInit } = init;
  const url = new URL(input);
  const headers = new Headers(requestInit.headers);
  if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
  const method = (requestInit.method ?? "GET").toUpperCase();
  const line = { method, upstream, path: redactText(url.pathname), attempt, requestId };
  const began = performance.now();
  try {
    const response = await fetch(url, { ...requestInit, headers });
    log.info({ ...line, status: response.status, durationMs: Math.round(performance.now() - began) }, "upstream call");
    return response;
  } catch (error) {
    log.warn({ ...line, status: -1, durationMs: Math.round(performance.now() - began), error: errorName(error) }, "upstream call failed");
    throw error;
  }
}

function errorName(error: unknown): string {
  if (error instanceof Error) return error.name === "Error" ? redactText(error.message) : error.name;
  return "unknown";
}
