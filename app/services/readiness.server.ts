import { subscribe } from "node:diagnostics_channel";
import type { Server, ServerResponse } from "node:http";
import type { Database } from "../../lib/postgres/index.ts";
import { database } from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = "ok" | "failed";

export interface PortalReadiness {
  ready: boolean;
  checks: { database: CheckResult; identityProvider: CheckResult; results: CheckResult; draining?: true };
}

export interface ReadinessDependencies {
  database: () => Promise<Database>;
  issuer: string;
  resultsUrl: string;
  timeoutMs?: number;
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs).unref())]);
}

async function databaseAnswers(open: () => Promise<Database>, timeoutMs: number): Promise<CheckResult> {
  try {
    const rows = await withTimeout(
      open().then((db) => db.query<{ ok: number }>("SELECT 1 AS ok")),
      timeoutMs,
    );
    return rows[0]?.ok === 1 ? "ok" : "failed";
  } catch {
    return "failed";
  }
}

async function answersOk(url: string, timeoutMs: number, isValid: (body: unknown) => boolean): Promise<CheckResult> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
    if (!response.ok) {
      await response.body?.cancel();
      return "failed";
    }
    return isValid(await response.json()) ? "ok" : "failed";
  } catch {
    return "failed";
  }
}

function joinPath(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}

let draining = false;

/** Once the process is stopping, load balancers should send new requests elsewhere. */
export function markDraining(): void {
  draining = true;
}

/** Ready: the portal database answers, and the identity provider and results service are reachable. */
export async function checkReadiness(dependencies: ReadinessDependencies): Promise<PortalReadiness> {
  const timeoutMs = dependencies.timeoutMs ?? CHECK_TIMEOUT_MS;
  const [databaseCheck, identityProvider, results] = await Promise.all([
    databaseAnswers(dependencies.database, timeoutMs),
    answersOk(joinPath(dependencies.issuer, "/.well-known/openid-configuration"), timeoutMs, (body) =>
      Boolean(body && typeof body === "object" && "issuer" in body),
    ),
    answersOk(joinPath(dependencies.resultsUrl, "/healthz"), timeoutMs, () => true),
  ]);
  const checks: PortalReadiness["checks"] = { database: databaseCheck, identityProvider, results };
  if (draining) checks.draining = true;
  return { ready: !draining && [databaseCheck, identityProvider, results].every((check) => check === "ok"), checks };
}

export function checkPortalReadiness(): Promise<PortalReadiness> {
  return checkReadiness({ database, issuer: env.IDP_ISSUER, resultsUrl: env.RESULTS_API_URL, timeoutMs: env.READINESS_TIMEOUT_MS });
}

/** Below the 10 s after which the launcher (scripts/start.ts) sends SIGKILL. */
const SHUTDOWN_DEADLINE_MS = 8_000;

export interface GracefulShutdownOptions {
  /** Closes what the process holds open besides the HTTP server (the database). */
  release?: () => Promise<void>;
  deadlineMs?: number;
}

let shutdownInstalled = false;

/**
 * remix-serve answers SIGTERM with server.close() and nothing else: the listener stops and
 * in-flight requests finish, but clients on kept-alive connections are never told to leave,
 * the database stays open and nothing bounds the wait. This adds, from inside the app:
 * /readyz turns 503 at once, every later response carries `Connection: close`, the database
 * is closed once the server has closed, and the process exits when the deadline passes.
 */
export function installGracefulShutdown(options: GracefulShutdownOptions = {}): void {
  if (shutdownInstalled) return;
  shutdownInstalled = true;
  let server: Server | undefined;
  const unanswered = new Set<ServerResponse>();
  const sendAway = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader("Connection", "close");
  };
  subscribe("http.server.request.start", (message) => {
    const { server: serving, response } = message as { server: Server; response: ServerResponse };
    server ??= serving;
    if (draining) sendAway(response);
    else {
      unanswered.add(response);
      response.once("close", () => unanswered.delete(response));
    }
  });

  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) return;
    markDraining();
    // Requests already running still get their answer, then their client is told to leave.
    for (const response of unanswered) sendAway(response);
    unanswered.clear();
    logger.info({ signal }, "portal stopping: finishing requests in flight");
    const deadline = setTimeout(() => {
      logger.warn("portal stop deadline reached: closing remaining connections");
      server?.closeAllConnections();
      process.exit(1);
    }, options.deadlineMs ?? SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    const release = () => {
      void (options.release?.() ?? Promise.resolve()).catch((error: unknown) =>
        logger.error({ error: error instanceof Error ? error.message : "unknown" }, "portal resources not released cleanly"),
      );
    };
    if (!server?.listening) release();
    else {
      server.once("close", release);
      // Connections idle right now would otherwise wait for their keep-alive timeout.
      server.closeIdleConnections();
    }
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}
