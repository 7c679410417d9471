/**
 * What each of the stack's processes runs: the file the build compiles it to, and the source entry
 * it is compiled from. `npm run build` writes all three files (react-router.config.ts); `npm start`
 * and production run them, plain JavaScript with no TypeScript loader or type stripping in the
 * process. Their Node settings are in memory-settings.ts.
 */
export type StackProcess = "portal" | "identity" | "results";

export const PROCESS_FILES: Record<StackProcess, { built: string; source: string }> = {
  portal: { built: "build/portal-server.js", source: "server/index.ts" },
  identity: { built: "build/identity-service.js", source: "platform/identity/main.ts" },
  results: { built: "build/results-service.js", source: "platform/results/main.ts" },
};

/** The identity service's operator commands (platform/identity/cli.ts), built beside it. */
export const IDENTITY_CLI_FILE = { built: "build/identity-cli.js", source: "platform/identity/cli.ts" };
