import { existsSync } from "node:fs";
import path from "node:path";
import { EMBEDDED_DATABASE_FLAGS, memoryFlagsFor } from "./memory-settings.ts";
import { fileArgs, PROCESS_FILES, type StackProcess } from "./process-files.ts";

/**
 * Node's arguments for one process of the stack: its settings, then its file, `from` the build
 * (`npm start`, production, the suites after a build) or the source (`npm run dev`, the suites when
 * nothing is built). A flag in the operator's `nodeOptions` (NODE_OPTIONS) wins over the same flag
 * here; `embeddedDatabase` when the process opens one of its own (no DATABASE_URL); `bounded` for the
 * small-server profile's memory bounds (memory-settings.ts), off unless an operator opted in. From
 * source the portal is never bounded: Vite's dev server and the app's modules ran out of heap before
 * the first page.
 */
export function processArgs(
  name: StackProcess,
  projectRoot: string,
  options: { from: "built" | "source"; nodeOptions?: string; embeddedDatabase?: boolean; bounded?: boolean },
): string[] {
  const bounded = (options.bounded ?? false) && !(name === "portal" && options.from === "source");
  return [
    ...(options.embeddedDatabase ? EMBEDDED_DATABASE_FLAGS : []),
    ...memoryFlagsFor(name, options.nodeOptions, bounded),
    ...fileArgs(PROCESS_FILES[name], projectRoot, options.from),
  ];
}

/** The built file when the build made it, else the source: what the suites' stacks run (`npm test` builds first). */
export function builtIfPresent(name: StackProcess, projectRoot: string): "built" | "source" {
  return existsSync(path.join(projectRoot, PROCESS_FILES[name].built)) ? "built" : "source";
}
