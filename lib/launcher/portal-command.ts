import path from "node:path";

/**
 * How every launcher, suite and bench runs the portal: node with the tsx loader in the process itself
 * (not the tsx CLI, whose grandchild a hard stop would leave running) on server/index.ts, from the
 * project root, serving the React Router build at PORTAL_BUILD (default build/server/index.js).
 */
export function portalServerArgs(projectRoot: string): string[] {
  return ["--import", "tsx", path.join(projectRoot, "server/index.ts")];
}
