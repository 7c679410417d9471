import path from "node:path";
import { PROCESS_FILES } from "../lib/launcher/process-files.ts";

/** Where the build puts the server file: directly under build/, so server/config.ts finds the project root one folder up from either. */
const SERVER_FILE = PROCESS_FILES.portal.built;

/**
 * The portal's server file as every process outside `npm run dev` runs it: server/index.ts and the
 * project modules it imports, bundled to plain JavaScript (packages stay imports). Node's type
 * stripping would otherwise hold its WebAssembly compiler in the portal for good: 17 MB resident
 * (docs/performance.md). Runs after `react-router build` (react-router.config.ts). Vite is loaded
 * here, not with the module: the launchers import SERVER_FILE and must not hold a bundler.
 */
export async function buildServerFile(projectRoot: string): Promise<void> {
  const { build } = await import("vite");
  await build({
    configFile: false,
    root: projectRoot,
    logLevel: "warn",
    resolve: { alias: { "~": path.join(projectRoot, "app") } },
    build: {
      ssr: path.join(projectRoot, "server/index.ts"),
      outDir: path.join(projectRoot, path.dirname(SERVER_FILE)),
      emptyOutDir: false,
      copyPublicDir: false,
      target: "node24",
      rolldownOptions: { output: { entryFileNames: path.basename(SERVER_FILE), format: "esm" } },
    },
  });
}
