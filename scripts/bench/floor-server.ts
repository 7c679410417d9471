/**
 * The framework floor: the minimal React Router 8 build of scripts/bench/floor behind the portal's
 * own edge (server/app.ts: request id, request log, security headers, guard, compression, the
 * hashed files under /assets, React Router's Express handler with the portal's load context), in
 * production mode with the portal's log level, on a port of its own. Prints its port.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { createPortalApp } from "../../server/app.ts";

const floorDir = path.join(import.meta.dirname, "floor");
const build = (await import(pathToFileURL(path.join(floorDir, "build/server/index.js")).href)) as ServerBuild;
const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: { service: "floor" } });
const { app } = createPortalApp({
  config: { portalOrigin: "http://127.0.0.1", idpOrigin: "http://127.0.0.1", production: true },
  logger,
  edge: { renderRefusalPage: async () => "refused" },
  build,
  clientDir: path.join(floorDir, "build/client"),
});
const server = app.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  console.log(`listening ${port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
