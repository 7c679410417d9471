import path from "node:path";

/**
 * What each of the stack's processes runs: the file `npm run build` compiles (plain JavaScript, no
 * TypeScript loader in the process), and the source entry it is compiled from.
 */
export type StackProcess = "portal" | "identity" | "results";

export interface ProcessFiles {
  built: string;
  source: string;
  /**
   * Node's arguments to run the source: the identity service's pages are JSX, which Node's own type
   * stripping does not run, so tsx's loader in the process itself (not tsx's CLI, which would run it as
   * a grandchild that a signal or a hard stop would not reach).
   */
  sourceLoader: string[];
}

export const PROCESS_FILES: Record<StackProcess, ProcessFiles> = {
  portal: { built: "build/portal-server.js", source: "server/index.ts", sourceLoader: [] },
  identity: { built: "build/identity-service.js", source: "platform/identity/main.ts", sourceLoader: ["--import", "tsx"] },
  results: { built: "build/results-service.js", source: "platform/results/main.ts", sourceLoader: [] },
};

/** The identity service's operator commands (platform/identity/cli.ts), built beside it. */
export const IDENTITY_CLI_FILES: ProcessFiles = {
  built: "build/identity-cli.js",
  source: "platform/identity/cli.ts",
  sourceLoader: ["--import", "tsx"],
};

/** Node's arguments that run `files`: the built file, or the source through its loader. */
export function fileArgs(files: ProcessFiles, projectRoot: string, from: "built" | "source"): string[] {
  return from === "built" ? [path.join(projectRoot, files.built)] : [...files.sourceLoader, path.join(projectRoot, files.source)];
}
