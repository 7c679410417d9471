import type { Config } from "@react-router/dev/config";
import { buildServiceFiles } from "./scripts/build-service-files.ts";
import { buildServerFile } from "./server/build-server-file.ts";

/**
 * Server rendering, built to build/server (the server file imports it) and build/client (the
 * browser's files, served by server/app.ts), then the server file itself (build/portal-server.js).
 * Every route is in the browser's manifest from the start ('initial' discovery): no endpoint answers
 * for routes on demand.
 * Last, the identity and results services' files (build/identity-service.js, build/results-service.js),
 * so one build gives every process of the stack the file it runs (lib/launcher/process-files.ts).
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  routeDiscovery: { mode: "initial" },
  buildEnd: async () => {
    await buildServerFile(import.meta.dirname);
    await buildServiceFiles(import.meta.dirname);
  },
} satisfies Config;
