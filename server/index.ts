import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import type { PortalEdge } from "./app.ts";
import { serverConfigFrom } from "./config.ts";
import { servePortal } from "./serve.ts";
import { startViteDevelopment } from "./vite-development.ts";

/**
 * The portal's one process entry: the React Router build behind the middleware of server/app.ts, or
 * with `npm run dev` the app from source through Vite's development server (hot updates).
 */
const config = serverConfigFrom(process.env);
const logger = pino({ level: config.logLevel, base: { service: "portal" }, timestamp: pino.stdTimeFunctions.isoTime });
if (config.viteDevelopment) {
  if (config.production) throw new Error("PORTAL_VITE_DEV=1 (npm run dev) runs only in development");
  const server = createServer();
  const development = await startViteDevelopment(server);
  servePortal({ config, logger, server, build: development.build, edge: development.edge, vite: development.middleware });
} else {
  const build = (await import(pathToFileURL(config.buildPath).href)) as ServerBuild;
  servePortal({ config, logger, build, edge: build.entry.module as unknown as PortalEdge });
}
