import type * as SentryModule from "@sentry/node";
import type { Event, NodeOptions } from "@sentry/node";
import type { Logger } from "pino";
import { env, portalPolicy } from "./env.server";
import { logger as portalLogger, pathOnly, redactText, redactValue, requestIdOf } from "./logger.server";
import { callUpstream } from "./upstream.server";

/**
 * Error reports through Sentry's SDK (events, queue, envelopes, the receiver's rate limits, client
 * reports), plus SPEC.md §9: production and staging only, 60 items a minute, 100 waiting, 512 KiB
 * each, nothing that identifies a participant (`beforeSend`). Without a DSN nothing is loaded.
 */

/** SPEC.md §9 'Error reporting'. */
export const ITEMS_PER_MINUTE = 60;
export const MAX_QUEUED_ITEMS = 100;
export const MAX_PAYLOAD_BYTES = 524_288;
const SEND_TIMEOUT_MS = 5_000;
/** Longest exception value or message kept (the SDK cuts them). */
const MAX_VALUE_CHARS = 4_000;

export interface ErrorReportingSettings {
  /** Where events go (a Sentry DSN, or one of a compatible service). */
  dsn: string;
  environment: string;
  release: string;
  /** The budget's window: a minute (SPEC.md §9); shorter only in tests. */
  windowMs?: number;
  logger?: Logger;
}

type TransportOptions = Parameters<NonNullable<NodeOptions["transport"]>>[0];

/** At most `perWindow` sends per window; a send past it waits for the next window. */
function sendBudget(perWindow: number, windowMs: number) {
  let windowStart = -Infinity;
  let used = 0;
  return async function nextSlot(): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (now - windowStart >= windowMs) {
        windowStart = now;
        used = 0;
      }
      if (used < perWindow) {
        used += 1;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, windowStart + windowMs - now).unref());
    }
  };
}

/** The SDK's transport (queue, rate-limit headers, dropped counts) sending through the upstream client, within the budget. */
function portalTransport(sentry: typeof SentryModule, settings: ErrorReportingSettings) {
  const nextSlot = sendBudget(ITEMS_PER_MINUTE, settings.windowMs ?? 60_000);
  return (options: TransportOptions) =>
    sentry.createTransport({ ...options, bufferSize: MAX_QUEUED_ITEMS }, async ({ body }) => {
      await nextSlot();
      const reply = await callUpstream({
        upstream: "error-reporting",
        url: options.url,
        method: "POST",
        raw: { body, contentType: "application/x-sentry-envelope" },
        timeoutMs: SEND_TIMEOUT_MS,
        logger: settings.logger,
      });
      if (!reply.answered) throw new Error(`error report not delivered (${reply.error})`);
      return {
        statusCode: reply.status,
        headers: { "x-sentry-rate-limits": reply.headers.get("x-sentry-rate-limits"), "retry-after": reply.headers.get("retry-after") },
      };
    });
}

/** Fields of an event that are the SDK's own (ids, versions, times), never text about a participant. */
const SDK_FIELDS = new Set("event_id timestamp start_timestamp release dist environment platform level sdk type".split(" "));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What may leave the portal in a report: every text passed through redactText (tokens, passwords,
 * codes, phone numbers, e-mail addresses), the request reduced to its method and path, no user, no
 * headers, cookies or bodies, and the whole cut below MAX_PAYLOAD_BYTES.
 */
export function redactEvent<E extends Event>(event: E): E {
  const redacted = Object.fromEntries(
    Object.entries(event).map(([key, value]) => [key, SDK_FIELDS.has(key) ? value : redactValue(value)]),
  ) as E;
  delete redacted.user;
  if (event.request) {
    redacted.request = {
      ...(event.request.method ? { method: event.request.method } : {}),
      ...(event.request.url ? { url: redactText(pathOnly(event.request.url)) } : {}),
    };
  }
  if (event.contexts?.trace) redacted.contexts = { ...redacted.contexts, trace: event.contexts.trace };
  const requestId = event.tags?.request_id;
  if (typeof requestId === "string" && UUID.test(requestId)) redacted.tags = { ...redacted.tags, request_id: requestId };
  return withinPayloadLimit(redacted);
}

const byteLength = (event: Event) => Buffer.byteLength(JSON.stringify(event));

/** An event above `limit` loses its breadcrumbs and extra data, then frames, then its texts' length, until it fits. */
export function withinPayloadLimit<E extends Event>(event: E, limit: number = MAX_PAYLOAD_BYTES): E {
  if (byteLength(event) <= limit) return event;
  const cut: E = { ...event, breadcrumbs: undefined, extra: { truncated: true } };
  const exceptions = cut.exception?.values ?? [];
  for (const exception of exceptions) {
    if (byteLength(cut) <= limit) return cut;
    if (exception.stacktrace?.frames) exception.stacktrace = { frames: exception.stacktrace.frames.slice(-10) };
    if (exception.value) exception.value = exception.value.slice(0, MAX_VALUE_CHARS);
  }
  if (byteLength(cut) <= limit) return cut;
  // Still too big: what is left is the error's first line.
  const firstLine = cut.message ?? (exceptions[0] ? `${exceptions[0].type ?? "Error"}: ${exceptions[0].value ?? ""}` : "");
  return { ...cut, exception: undefined, contexts: undefined, tags: undefined, message: firstLine.slice(0, MAX_VALUE_CHARS) };
}

/** The SDK's options: only the integrations that add to an error report, no tracing, no loader hooks. */
export function sentryOptions(sentry: typeof SentryModule, settings: ErrorReportingSettings): NodeOptions {
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    sendDefaultPii: false,
    maxValueLength: MAX_VALUE_CHARS,
    maxBreadcrumbs: 0,
    // Errors only: no tracing, so no OpenTelemetry set-up and no hooks into module loading.
    skipOpenTelemetrySetup: true,
    registerEsmLoaderHooks: false,
    defaultIntegrations: false,
    integrations: [sentry.linkedErrorsIntegration()],
    transport: portalTransport(sentry, settings),
    beforeSend: (event) => redactEvent(event),
    beforeSendTransaction: (event) => redactEvent(event),
  };
}

let sdk: Promise<typeof SentryModule> | undefined;

/** Starts the SDK, loaded only now (about 60 MB a process that reports nothing need not hold); null stops reporting. */
export async function startErrorReporting(settings: ErrorReportingSettings | null): Promise<void> {
  const previous = sdk;
  sdk = undefined;
  if (previous) await (await previous).close(SEND_TIMEOUT_MS);
  if (!settings) return;
  sdk = import("@sentry/node").then((sentry) => {
    sentry.init(sentryOptions(sentry, settings));
    return sentry;
  });
  await sdk;
}

/** Waits until every report taken so far has been sent or given up on (tests, shutdown). */
export async function flushErrorReports(timeoutMs = SEND_TIMEOUT_MS): Promise<boolean> {
  return sdk ? (await sdk).flush(timeoutMs) : true;
}

function whenReporting(report: (sentry: typeof SentryModule) => void): void {
  sdk?.then(report).catch((error: unknown) => portalLogger.warn({ error: redactText(String(error)) }, "error report not taken"));
}

// On only in production and staging (SPEC.md §9), and only with a DSN.
void startErrorReporting(
  portalPolicy.errorReportingEnabled && env.SENTRY_DSN
    ? { dsn: env.SENTRY_DSN, environment: env.deployment, release: env.CODE_VERSION }
    : null,
);

/** A client's mistake React Router raised (405, 404, 400...): logged at info, never reported, so it cannot crowd out real errors. */
export function logClientError(status: number, request: Request): void {
  portalLogger.info(
    { requestId: requestIdOf(request), method: request.method, path: pathOnly(new URL(request.url).pathname), status },
    "client error",
  );
}

/** For entry.server handleError: logs the error (redacted) and reports it. */
export function reportServerError(error: unknown, request?: Request): void {
  const requestId = request ? requestIdOf(request) : undefined;
  const path = request ? pathOnly(new URL(request.url).pathname) : undefined;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  portalLogger.error({ requestId, method: request?.method, path, error: redactText(message) }, "unhandled portal error");
  whenReporting((sentry) =>
    sentry.captureException(error, (scope) =>
      scope
        .setTags({ source: "server", ...(requestId ? { request_id: requestId } : {}) })
        .addEventProcessor((event) => (request ? { ...event, request: { method: request.method, url: path } } : event)),
    ),
  );
}

export interface BrowserErrorReport {
  message: string;
  stack?: string;
  kind: "error" | "unhandledrejection";
  path?: string;
  requestId: string;
}

/** A browser's uncaught error, as `POST /client-errors` received it. */
export function reportBrowserError(report: BrowserErrorReport): void {
  whenReporting((sentry) => {
    const [, type = "Error", value = report.message] = /^(\w*(?:Error|Exception)): ([\s\S]*)$/.exec(report.message) ?? [];
    const frames = report.stack ? sentry.defaultStackParser(report.stack) : [];
    sentry.captureEvent({
      level: "error",
      platform: "javascript",
      exception: { values: [{ type, value, ...(frames.length ? { stacktrace: { frames } } : {}) }] },
      ...(report.stack && !frames.length ? { extra: { stack: report.stack } } : {}),
      tags: { source: "browser", kind: report.kind, request_id: report.requestId },
      ...(report.path ? { request: { url: report.path } } : {}),
    });
  });
}
