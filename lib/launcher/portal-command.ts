import path from "node:path";
import { SERVER_FILE } from "../../server/build-server-file.ts";
import { memoryFlagsFor } from "./memory-settings.ts";

/**
 * How every launcher, suite and bench runs the portal's build: node on the server file the build
 * compiled from server/index.ts (build/portal-server.js), from the project root, serving the React
 * Router build at PORTAL_BUILD (default build/server/index.js). Plain JavaScript, so the process
 * holds no TypeScript compiler (server/build-server-file.ts).
 */
export function portalServerArgs(projectRoot: string): string[] {
  return [path.join(projectRoot, SERVER_FILE)];
}

/**
 * The launcher's portal: on the server file, with the small-server profile's bounds when `env` opts
 * in (memory-settings.ts). Under `npm run dev` Vite's dev server and the app's source modules live in
 * the same process, which those bounds cannot hold (it ran out of heap before its first page), and the
 * server file runs from source (server/index.ts, Node's type stripping) so its own changes count.
 */
export function launchedPortalArgs(projectRoot: string, options: { viteDevelopment: boolean; env?: NodeJS.ProcessEnv }): string[] {
  if (options.viteDevelopment) return [path.join(projectRoot, "server/index.ts")];
  return [...memoryFlagsFor("portal", options.env ?? {}), ...portalServerArgs(projectRoot)];
}
