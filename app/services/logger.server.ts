import { pino, type DestinationStream, type Logger } from "pino";
import { REQUEST_ID_HEADER, saneRequestId } from "../../lib/http/index.ts";
import { env } from "./env.server";

/**
 * Portal logs: one JSON line per request (lib/http/middleware.ts) and one per upstream call, with a
 * request id that follows the request to the other services. Lines carry paths without query
 * strings and never headers or bodies, and free text passes through redactText.
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
