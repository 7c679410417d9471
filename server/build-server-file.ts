import path from "node:path";
import { PROCESS_FILES, type ProcessFiles } from "../lib/launcher/process-files.ts";

/**
 * One process's source entry bundled into its built file (lib/launcher/process-files.ts): the project's
 * modules compiled to plain JavaScript in one file, packages left as imports; a module imported
 * dynamically (the embedded database's driver, lib/postgres/index.ts) is still loaded only when
 * called. Vite is loaded here, not with the module: the launchers import process-files.ts and must
 * not hold a bundler. Runs after `react-router build` (react-router.config.ts).
 */
export async function bundleProcessFile(projectRoot: string, files: ProcessFiles): Promise<void> {
  const { build } = await import("vite");
  await build({
    configFile: false,
    root: projectRoot,
    logLevel: "warn",
    resolve: { alias: { "~": path.join(projectRoot, "app") } },
    build: {
      ssr: path.join(projectRoot, files.source),
      outDir: path.join(projectRoot, path.dirname(files.built)),
      emptyOutDir: false,
      copyPublicDir: false,
      target: "node24",
      rolldownOptions: { output: { entryFileNames: path.basename(files.built), codeSplitting: false, format: "esm" } },
    },
  });
}

/**
 * The portal's server file as every process outside `npm run dev` runs it, directly under build/ so
 * server/config.ts finds the project root one folder up from either. Node's type stripping would
 * otherwise hold its WebAssembly compiler in the portal for good: 17 MB resident (docs/performance.md).
 */
export const buildServerFile = (projectRoot: string) => bundleProcessFile(projectRoot, PROCESS_FILES.portal);
