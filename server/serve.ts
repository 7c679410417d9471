import { createServer, type Server } from "node:http";
import closeWithGrace from "close-with-grace";
import { createPortalApp, type PortalEdge } from "./app.ts";
import type { ServerConfig } from "./config.ts";

/** Below the 10 s after which the launcher (scripts/start.ts) sends SIGKILL. */
const SHUTDOWN_DEADLINE_MS = 8_000;

/**
 * Listens (on `server`, which development's hot updates share, or a new one), and on SIGTERM/SIGINT
 * (close-with-grace): /readyz turns 503 at once, requests in flight finish and their clients are told
 * to leave, idle connections close, then the database; past the deadline the process exits anyway.
 */
export function servePortal(options: Parameters<typeof createPortalApp>[0] & { config: ServerConfig; edge: PortalEdge; server?: Server }) {
  const { config, logger, edge } = options;
  const { app, draining } = createPortalApp(options);
  const server = options.server ?? createServer();
  server.on("request", app);
  server.listen(config.port, config.host ?? "0.0.0.0", () => logger.info({ port: config.port }, "portal listening"));
  const stopSweep = edge.startSessionSweep((error) =>
    logger.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, "session sweep failed; next in a minute"),
  );
  const stopCredentialsCheck = edge.startClientCredentialsCheck();
  closeWithGrace({ delay: SHUTDOWN_DEADLINE_MS, logger: { error: (message) => logger.error(message) } }, async ({ signal, err }) => {
    if (err) logger.error({ err: { message: err.message, stack: err.stack } }, "portal stopping after an uncaught error");
    else logger.info({ signal }, "portal stopping: finishing requests in flight");
    stopSweep();
    stopCredentialsCheck();
    draining.start();
    // close() also closes the idle kept-alive connections (Node 19 and later).
    await new Promise((resolve) => server.close(resolve));
    await edge.releaseResources();
  });
}
