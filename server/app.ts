import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { Logger } from "pino";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type * as PortalEntry from "../app/entry.server.tsx";
import { requestId, requestLog } from "../lib/http/middleware.ts";
import { projectRoot, type ServerConfig } from "./config.ts";
import { clientAddressResolver } from "./middleware/client-address.ts";
import { createDraining } from "./middleware/draining.ts";
import { requestGuard } from "./middleware/request-guard.ts";
import { securityHeaders } from "./middleware/security-headers.ts";

export type PortalEdge = Pick<
  typeof PortalEntry,
  "renderRefusalPage" | "releaseResources" | "startSessionSweep" | "startClientCredentialsCheck"
>;

/**
 * A failure after an answer began (a body streamed from the results service that broke) cannot become
 * a 500: the connection is cut, and logged here with the error's message only, not by Express's own
 * stderr line. One before any header goes on to Express, which answers 500.
 */
function cutShortAnswer(logger: Logger): ErrorRequestHandler {
  return (error: Error, _req, res, next) => {
    if (!res.headersSent) return next(error);
    logger.warn({ err: { message: error.message }, requestId: res.locals.requestId as string }, "answer cut short");
    res.destroy();
  };
}

/** The built app, or (development) a function that gives the current one as Vite rebuilds it. */
export type PortalBuild = ServerBuild | (() => Promise<ServerBuild>);

/**
 * Compress text that pays: documents, the stylesheet and scripts (measured: uncompressed, the
 * dashboard's largest contentful paint in Lighthouse's mobile run went from 1.5 s to 3.7 s), and the
 * translation catalogs under /assets. Data answers stay as they are: most are a few hundred bytes.
 * Browsers are answered in brotli, with a 64 KB window instead of 4 MB: a page fits in it whole, and
 * under load the portal spent less CPU per dashboard in 9 of 10 alternating pairs of runs (median 9.5
 * against 10.0 ms; Node reports the encoder's memory to V8, where it adds to what starts a collection).
 * The largest script grows by 1 % (docs/performance.md).
 */
const BROTLI_WINDOW_BITS = 16;
const COMPRESSED_TYPES = /^(text\/html|text\/css|text\/javascript|application\/javascript)/;
const compressText = compression({
  threshold: 1024,
  brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } },
  filter: (req, res) => {
    const type = String(res.getHeader("Content-Type") ?? "");
    return COMPRESSED_TYPES.test(type) || (req.originalUrl.startsWith("/assets/") && type.startsWith("application/json"));
  },
});

/**
 * The portal's process edge, in the order a request meets it. Security headers come before the
 * guard so that its refusal pages carry the same policy as every other page.
 */
export function createPortalApp(options: {
  config: Pick<ServerConfig, "portalOrigin" | "idpOrigin" | "production"> &
    Partial<Pick<ServerConfig, "viteDevelopment" | "trustedProxies">>;
  logger: Logger;
  edge: Pick<PortalEdge, "renderRefusalPage">;
  /** React Router's handler for the build; tests pass a stand-in to see what reaches the app. */
  build?: PortalBuild;
  app?: RequestHandler;
  /** The browser's files: build/client, with public/ copied in by the build. */
  clientDir?: string;
  /** Development: Vite's middleware serves the modules, styles and hot updates before the app. */
  vite?: RequestHandler;
}) {
  const draining = createDraining();
  const app = express();
  app.disable("x-powered-by");
  app.use(requestId());
  app.use(requestLog(options.logger));
  app.use(draining.middleware);
  app.use(securityHeaders(options.config));
  // Every stylesheet the build's routes link, for the refusal page rendered before the router.
  const stylesheets =
    typeof options.build === "object" ? [...new Set(Object.values(options.build.assets.routes).flatMap((route) => route?.css ?? []))] : [];
  app.use(
    requestGuard({
      portalOrigin: options.config.portalOrigin,
      logger: options.logger,
      renderRefusalPage: (status, request) => options.edge.renderRefusalPage(status, request, stylesheets),
    }),
  );
  app.use(compressText);
  const clientDir = options.clientDir ?? path.join(projectRoot, "build/client");
  if (options.vite) app.use(options.vite);
  // File names under /assets carry a content hash: a year, never revalidated.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
  // The rest of the browser's files is the favicon: served by name, so pages do not pay a file lookup each.
  app.get("/favicon.ico", (_req, res) => res.sendFile(path.join(clientDir, "favicon.ico"), { maxAge: "1h" }));
  if (options.app) app.use(options.app);
  if (options.build) app.use(portalHandler(options.build, options.config, draining.isDraining));
  app.use(cutShortAnswer(options.logger));
  return { app, draining };
}

/**
 * React Router's handler behind @remix-run/node-fetch-server (docs/decisions/040). The request's URL is
 * built on PORTAL_URL whatever Host or protocol a proxy passes on (React Router refuses an action whose Origin
 * differs from it); of forwarded headers only X-Forwarded-For from PORTAL_TRUSTED_PROXIES is believed.
 */
function portalHandler(
  build: PortalBuild,
  config: Parameters<typeof createPortalApp>[0]["config"],
  isDraining: () => boolean,
): RequestHandler {
  const { host, protocol } = new URL(config.portalOrigin);
  const clientAddressOf = clientAddressResolver(config.trustedProxies ?? []);
  const handle = createRequestHandler(build, typeof build === "function" ? "development" : "production");
  const currentBuild = typeof build === "function" ? build : async () => build;
  const loadContextFor = async (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => {
    const served = await currentBuild();
    // The build's own copy of app/services/load-context.server.ts: its context key is the one the loaders read.
    // (A build without one, a test's stand-in, gets an empty context.)
    const { createLoadContext } = served.entry.module as unknown as Partial<Pick<typeof PortalEntry, "createLoadContext">>;
    if (!createLoadContext) return new RouterContextProvider();
    return createLoadContext(
      {
        nonce: res.locals.nonce as string,
        requestId: res.locals.requestId as string,
        clientAddress: clientAddressOf(req),
        isDraining,
      },
      new RouterContextProvider(),
    );
  };
  // A failure goes on as Express 5 forwards a rejection: to cutShortAnswer, then Express's own 500.
  return async (req, res) => {
    const request = createRequest(req, res, { host, protocol });
    const response = await handle(request, await loadContextFor(req, res));
    // A client that left gets nothing, and a body streamed from elsewhere is let go.
    if (request.signal.aborted) await response.body?.cancel();
    else await sendResponse(res, response);
  };
}
