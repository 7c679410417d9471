import type { Server } from "node:http";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { PortalEdge } from "./app.ts";

/**
 * `npm run dev`: Vite in middleware mode inside the same server file, so the development loop runs
 * the same middleware as production. Routes, styles and components update in place; the server
 * build is loaded again from Vite's module graph on each request (cached until a file changes).
 */
export async function startViteDevelopment(server: Server) {
  const vite = await import("vite");
  const devServer = await vite.createServer({
    // Hot updates share the portal's port (the page's policy allows connections to 'self' only).
    server: { middlewareMode: true, hmr: { server } },
    appType: "custom",
  });
  const build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  const entry = (await build()).entry.module as unknown as PortalEdge;
  return {
    build,
    middleware: devServer.middlewares as unknown as RequestHandler,
    edge: {
      ...entry,
      releaseResources: async () => {
        await devServer.close();
        await entry.releaseResources();
      },
    } satisfies PortalEdge,
  };
}
