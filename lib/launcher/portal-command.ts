import path from "node:path";
import { memoryFlagsFor } from "./memory-settings.ts";

/**
 * How every launcher, suite and bench runs the portal: node on server/index.ts, from the project
 * root, serving the React Router build at PORTAL_BUILD (default build/server/index.js). Node's own
 * type stripping runs the server file and what it imports (no JSX, no parameter properties, imports
 * that name their files), not tsx's loader, which would hold a compiler in the process for good.
 */
export function portalServerArgs(projectRoot: string): string[] {
  return [path.join(projectRoot, "server/index.ts")];
}

/**
 * The launcher's portal: bounded as memory-settings.ts says when it serves the build. Under
 * `npm run dev` Vite's dev server and the app's source modules live in the same process, which the
 * bound for serving the build cannot hold (it ran out of heap before its first page).
 */
export function launchedPortalArgs(projectRoot: string, options: { viteDevelopment: boolean; nodeOptions?: string }): string[] {
  const flags = options.viteDevelopment ? [] : memoryFlagsFor("portal", options.nodeOptions);
  return [...flags, ...portalServerArgs(projectRoot)];
}
