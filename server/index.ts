import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { pino } from "pino";
import type { PortalEdge } from "./app.ts";
import { serverConfigFrom } from "./config.ts";
import { servePortal } from "./serve.ts";

/** The portal's one process entry: the Remix build behind the middleware of server/app.ts. */
const config = serverConfigFrom(process.env);
const logger = pino({ level: config.logLevel, base: { service: "portal" }, timestamp: pino.stdTimeFunctions.isoTime });
const build = (await import(pathToFileURL(config.buildPath).href)) as ServerBuild;
servePortal({ config, logger, build, edge: build.entry.module as unknown as PortalEdge });
