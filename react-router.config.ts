import type { Config } from "@react-router/dev/config";
import { buildServerFile } from "./server/build-server-file.ts";

/**
 * Server rendering, built to build/server (the server file imports it) and build/client (the
 * browser's files, served by server/app.ts), then the server file itself (build/portal-server.js).
 * Every route is in the browser's manifest from the start ('initial' discovery): no endpoint answers
 * for routes on demand.
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  routeDiscovery: { mode: "initial" },
  buildEnd: () => buildServerFile(import.meta.dirname),
} satisfies Config;
