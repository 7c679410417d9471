import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import type { Logger } from "pino";
import type * as PortalEntry from "../app/entry.server.tsx";
import { createLoadContext } from "../app/load-context.ts";
import { namespacesByPath } from "../app/services/route-namespaces.server.ts";
import { projectRoot, type ServerConfig } from "./config.ts";
import { createDraining } from "./middleware/draining.ts";
import { requestGuard } from "./middleware/request-guard.ts";
import { requestId } from "./middleware/request-id.ts";
import { requestLog } from "./middleware/request-log.ts";
import { securityHeaders } from "./middleware/security-headers.ts";

export type PortalEdge = Pick<typeof PortalEntry, "renderRefusalPage" | "releaseResources" | "startSessionSweep">;

/**
 * Compress text that pays: documents, and the stylesheet and scripts (measured: uncompressed, the
 * dashboard's largest contentful paint in Lighthouse's mobile run went from 1.5 s to 3.7 s). Data
 * answers are a few hundred bytes and stay as they are.
 */
const COMPRESSED_TYPES = /^(text\/html|text\/css|text\/javascript|application\/javascript)/;
const compressText = compression({
  threshold: 1024,
  filter: (_req, res) => COMPRESSED_TYPES.test(String(res.getHeader("Content-Type") ?? "")),
});

/**
 * The portal's process edge, in the order a request meets it. Security headers come before the
 * guard so that its refusal pages carry the same policy as every other page.
 */
export function createPortalApp(options: {
  config: Pick<ServerConfig, "portalOrigin" | "idpOrigin" | "production">;
  logger: Logger;
  edge: Pick<PortalEdge, "renderRefusalPage">;
  /** Remix's handler for the build; tests pass a stand-in to see what reaches the app. */
  build?: ServerBuild;
  app?: RequestHandler;
  publicDir?: string;
}) {
  const draining = createDraining();
  const app = express();
  app.disable("x-powered-by");
  app.use(requestId());
  app.use(requestLog(options.logger));
  app.use(draining.middleware);
  app.use(securityHeaders(options.config));
  app.use(
    requestGuard({ portalOrigin: options.config.portalOrigin, logger: options.logger, renderRefusalPage: options.edge.renderRefusalPage }),
  );
  app.use(compressText);
  const publicDir = options.publicDir ?? path.join(projectRoot, "public");
  // File names under /build carry a content hash: a year, never revalidated.
  app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
  // The rest of public/ is the favicon: served by name, so pages do not pay a file lookup each.
  app.get("/favicon.ico", (_req, res) => res.sendFile(path.join(publicDir, "favicon.ico"), { maxAge: "1h" }));
  if (options.app) app.use(options.app);
  if (options.build) {
    const namespacesFor = namespacesByPath(options.build.routes);
    app.all(
      "*",
      createRequestHandler({
        build: options.build,
        mode: options.build.mode,
        getLoadContext: (req, res) =>
          createLoadContext({
            nonce: res.locals.nonce as string,
            requestId: res.locals.requestId as string,
            isDraining: draining.isDraining,
            translationNamespaces: namespacesFor(req.path),
          }),
      }),
    );
  }
  return { app, draining };
}
