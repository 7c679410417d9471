import type { Config } from "@react-router/dev/config";

/**
 * Server rendering, built to build/server (the server file imports it) and build/client (the
 * browser's files, served by server/app.ts). Every route is in the browser's manifest from the first
 * page ('initial' discovery): measured against 'lazy' in docs/performance.md.
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  routeDiscovery: { mode: "initial" },
} satisfies Config;
