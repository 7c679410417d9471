import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { env, deploymentEnvironment, environmentPolicyForPortal } from "./env.server";
import { logger as portalLogger, pathOnly, redactText, redactValue, requestIdOf } from "./logger.server";
import { callUpstream } from "./upstream.server";

/** SPEC.md §9 'Error reporting'. */
export const ITEMS_PER_MINUTE = 60;
export const MAX_QUEUED_ITEMS = 100;
export const MAX_PAYLOAD_BYTES = 524_288;
const SEND_TIMEOUT_MS = 5_000;
const WINDOW_MS = 60_000;

export type ErrorLevel = "critical" | "error" | "warning" | "info";

/** One item as error-reporting services take them. Every string is redacted before it is built. */
export interface ErrorItem {
  data: {
    uuid: string;
    environment: string;
    level: ErrorLevel;
    /** Seconds since the epoch. */
    timestamp: number;
    code_version: string;
    platform: "node" | "browser";
    language: "javascript";
    context?: string;
    request?: { id?: string; method?: string; path?: string };
    body: { message: { body: string; stack?: string; kind?: string } };
    notifier: { name: "participant-portal"; dropped_before: number };
    truncated?: true;
  };
}

export interface ErrorReport {
  message: string;
  stack?: string;
  level?: ErrorLevel;
  platform?: "node" | "browser";
  /** e.g. "error" or "unhandledrejection" for browser reports. */
  kind?: string;
  requestId?: string;
  method?: string;
  path?: string;
}

export interface ErrorReporterOptions {
  enabled: boolean;
  endpoint?: string;
  token?: string;
  environment: string;
  codeVersion: string;
  logger?: Logger;
  now?: () => number;
}

export interface ErrorReporter {
  report(report: ErrorReport): void;
  /** Waits until every queued item has been sent or given up on (tests, shutdown). */
  flush(): Promise<void>;
  stats(): { sent: number; failed: number; dropped: number; queued: number };
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const log = options.logger ?? portalLogger;
  const now = options.now ?? Date.now;
  const active = options.enabled && Boolean(options.endpoint);
  const queue: ErrorItem[] = [];
  let windowStart = -Infinity;
  let sentInWindow = 0;
  let sent = 0;
  let failed = 0;
  let dropped = 0;
  let droppedSinceLastSent = 0;
  let pumping: Promise<void> | undefined;
  let waitTimer: NodeJS.Timeout | undefined;
  let idle: Array<() => void> = [];

  function mayEnterWindow(): boolean {
    const at = now();
    if (at - windowStart >= WINDOW_MS) {
      windowStart = at;
      sentInWindow = 0;
    }
    return sentInWindow < ITEMS_PER_MINUTE;
  }

  async function send(item: ErrorItem): Promise<void> {
    const reply = await callUpstream({
      upstream: "error-reporting",
      url: options.endpoint!,
      method: "POST",
      headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
      jsonText: serializeWithinLimit(item),
      timeoutMs: SEND_TIMEOUT_MS,
      logger: log,
    });
    if (reply.answered && reply.ok) sent += 1;
    else {
      failed += 1;
      if (reply.answered) log.warn({ status: reply.status }, "error report refused");
      else log.warn({ error: reply.error }, "error report not delivered");
    }
  }

  async function pump(): Promise<void> {
    while (queue.length > 0) {
      if (!mayEnterWindow()) {
        // The rest waits for the next minute; the queue keeps only the newest MAX_QUEUED_ITEMS meanwhile.
        waitTimer ??= setTimeout(
          () => {
            waitTimer = undefined;
            start();
          },
          Math.max(0, windowStart + WINDOW_MS - now()),
        );
        waitTimer.unref();
        return;
      }
      sentInWindow += 1;
      const item = queue.shift()!;
      // The receiving side learns how many items were lost before this one.
      item.data.notifier.dropped_before = droppedSinceLastSent;
      droppedSinceLastSent = 0;
      await send(item);
    }
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  }

  /** A new minute may have begun before the timer fired (or under an injected clock): resume at once. */
  function resumeIfWindowOver(): void {
    if (waitTimer && now() - windowStart >= WINDOW_MS) {
      clearTimeout(waitTimer);
      waitTimer = undefined;
      start();
    }
  }

  function start(): void {
    pumping ??= pump().finally(() => {
      pumping = undefined;
      if (queue.length > 0 && !waitTimer) start();
    });
  }

  return {
    report(report) {
      if (!active) return;
      if (queue.length >= MAX_QUEUED_ITEMS) {
        queue.shift();
        dropped += 1;
        droppedSinceLastSent += 1;
      }
      queue.push(buildItem(report, options, now()));
      if (waitTimer) resumeIfWindowOver();
      else start();
    },
    flush() {
      resumeIfWindowOver();
      if (queue.length === 0 && !pumping) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
    stats: () => ({ sent, failed, dropped, queued: queue.length }),
  };
}

const MAX_MESSAGE_CHARS = 4_000;
const MAX_STACK_CHARS = 32_000;

function buildItem(report: ErrorReport, options: ErrorReporterOptions, at: number): ErrorItem {
  const path = report.path ? redactText(pathOnly(report.path)) : undefined;
  const item: ErrorItem = {
    data: {
      uuid: randomUUID(),
      environment: options.environment,
      level: report.level ?? "error",
      timestamp: Math.floor(at / 1000),
      code_version: options.codeVersion,
      platform: report.platform ?? "node",
      language: "javascript",
      ...(path ? { context: path } : {}),
      request: redactValue({ id: report.requestId, method: report.method, path }),
      body: {
        message: redactValue({
          body: report.message.slice(0, MAX_MESSAGE_CHARS),
          ...(report.stack ? { stack: report.stack.slice(0, MAX_STACK_CHARS) } : {}),
          ...(report.kind ? { kind: report.kind.slice(0, 40) } : {}),
        }),
      },
      notifier: { name: "participant-portal", dropped_before: 0 },
    },
  };
  return item;
}

/** The item as JSON, cut down (stack first, then message) when it exceeds MAX_PAYLOAD_BYTES. */
export function serializeWithinLimit(item: ErrorItem, limit: number = MAX_PAYLOAD_BYTES): string {
  let text = JSON.stringify(item);
  if (Buffer.byteLength(text) <= limit) return text;
  const message = { ...item.data.body.message };
  const shrunk: ErrorItem = { data: { ...item.data, body: { message }, truncated: true } };
  for (const field of ["stack", "body"] as const) {
    while (Buffer.byteLength(text) > limit && (message[field]?.length ?? 0) > 0) {
      const excess = Buffer.byteLength(text) - limit;
      const current = message[field]!;
      message[field] = current.slice(0, Math.max(0, current.length - Math.max(excess, Math.ceil(current.length / 4))));
      text = JSON.stringify(shrunk);
    }
  }
  return text;
}

/** The portal's reporter: on only in production and staging (SPEC.md §9) and only with an endpoint. */
export const errorReporter: ErrorReporter = createErrorReporter({
  enabled: environmentPolicyForPortal().errorReportingEnabled,
  endpoint: env.ERROR_REPORTING_URL,
  token: env.ERROR_REPORTING_TOKEN,
  environment: deploymentEnvironment(),
  codeVersion: env.CODE_VERSION,
});

/** For entry.server handleError: logs the error (redacted) and reports it. */
/**
 * A client's mistake React Router raised (405 for a POST to a page without an action, 404, 400...) is not
 * an error of ours: logged at info, never reported, so it cannot push real errors out of the queue.
 */
export function logClientError(status: number, request: Request): void {
  portalLogger.info(
    { requestId: requestIdOf(request), method: request.method, path: pathOnly(new URL(request.url).pathname), status },
    "client error",
  );
}

export function reportServerError(error: unknown, request?: Request): void {
  const requestId = request ? requestIdOf(request) : undefined;
  const path = request ? pathOnly(new URL(request.url).pathname) : undefined;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  portalLogger.error({ requestId, method: request?.method, path, error: redactText(message) }, "unhandled portal error");
  errorReporter.report({ message, stack, requestId, method: request?.method, path, platform: "node" });
}
