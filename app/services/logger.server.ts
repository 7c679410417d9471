import { pino, type DestinationStream, type Logger } from "pino";
import { REQUEST_ID_HEADER, saneRequestId } from "../../lib/http/index.ts";
import { redactText } from "../../lib/logging/redact.ts";
import { env } from "./env.server";

/**
 * Portal logs: one JSON line per request and one per upstream call, with a request id that
 * follows the request to the identity provider and the results service. Lines carry paths
 * without query strings and never headers or bodies, and free text passes through redactText.
 */

export { LOGGED_PATH_MAX, pathOnly, redactText, redactValue } from "../../lib/logging/redact.ts";

/** The request id of a request the portal is handling (set by the server file's first middleware). */
export function requestIdOf(request: Request): string {
  return saneRequestId(request.headers.get(REQUEST_ID_HEADER));
}

export function createPortalLogger(destination?: DestinationStream, level: string = env.LOG_LEVEL): Logger {
  const options = { level, base: { service: "portal" }, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}

export const logger: Logger = createPortalLogger();

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
