import path from "node:path";
import { IDENTITY_CLI_FILES, PROCESS_FILES } from "../lib/launcher/process-files.ts";

/**
 * The identity and results services, and the identity service's operator commands, each bundled
 * from its source entry into one JavaScript file under build/ (lib/launcher/process-files.ts), as
 * the portal's server file is (server/build-server-file.ts): the project's modules compiled in,
 * packages left as imports. The embedded database's driver is loaded only when a process opens one
 * (lib/postgres/index.ts): that dynamic import stays one, so each service is a file of its own plus
 * that small driver module beside it. Runs after `react-router build` (react-router.config.ts).
 */
export async function buildServiceFiles(projectRoot: string): Promise<void> {
  const { build } = await import("vite");
  const entries = [PROCESS_FILES.identity, PROCESS_FILES.results, IDENTITY_CLI_FILES];
  for (const entry of entries) {
    await build({
      configFile: false,
      root: projectRoot,
      logLevel: "warn",
      build: {
        ssr: path.join(projectRoot, entry.source),
        outDir: path.join(projectRoot, path.dirname(entry.built)),
        emptyOutDir: false,
        copyPublicDir: false,
        target: "node24",
        rolldownOptions: {
          output: {
            entryFileNames: path.basename(entry.built),
            codeSplitting: false,
            format: "esm",
          },
        },
      },
    });
  }
}
