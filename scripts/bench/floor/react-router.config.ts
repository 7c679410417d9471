import type { Config } from "@react-router/dev/config";

/**
 * The framework floor of `npm run bench`: the smallest React Router 8 framework-mode app (one route,
 * no session, no translations, no database), built with the portal's React Router and served by the
 * portal's own server setup (server/app.ts, through scripts/bench/floor-server.ts), so the bench can
 * say how far each portal page is from the framework's cost. Configured as the portal is: server
 * rendering, build/server and build/client, every route in the browser's manifest ('initial').
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  routeDiscovery: { mode: "initial" },
} satisfies Config;
