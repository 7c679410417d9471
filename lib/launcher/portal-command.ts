import path from "node:path";

/**
 * How every launcher, suite and bench runs the portal: node on server/index.ts, from the project
 * root, serving the React Router build at PORTAL_BUILD (default build/server/index.js). Node's own
 * type stripping runs the server file and what it imports (no JSX, no parameter properties, imports
 * that name their files), not tsx's loader, which would hold a compiler in the process for good.
 */
export function portalServerArgs(projectRoot: string): string[] {
  return [path.join(projectRoot, "server/index.ts")];
}
