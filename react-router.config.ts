import type { Config } from "@react-router/dev/config";
import { ROUTE_MANIFEST_PATH } from "./lib/http/route-manifest.ts";
import { buildServiceFiles } from "./scripts/build-service-files.ts";
import { buildServerFile } from "./server/build-server-file.ts";

/**
 * Server rendering, built to build/server (the server file imports it) and build/client (the
 * browser's files, served by server/app.ts), then the server file itself (build/portal-server.js).
 * The browser's manifest starts with the page's own routes ('lazy' discovery) and asks for the rest
 * when links to them are on the page: with every route in it ('initial'), React Router flattened and
 * ranked all of them twice inside hydration's one unbreakable render (docs/performance.md).
 * Last, the identity and results services' files (build/identity-service.js, build/results-service.js),
 * so one build gives every process of the stack the file it runs (lib/launcher/process-files.ts).
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  routeDiscovery: { mode: "lazy", manifestPath: ROUTE_MANIFEST_PATH },
  buildEnd: async () => {
    await buildServerFile(import.meta.dirname);
    await buildServiceFiles(import.meta.dirname);
  },
} satisfies Config;
