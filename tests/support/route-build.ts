import type { ServerBuild } from "react-router";

/**
 * A React Router server build of the given route modules under an empty root, for tests that serve
 * a few real routes through the portal's server edge (server/app.ts) without building the app.
 * A route's `parentId` nests it under another of them (a layout). `entry` is the entry module's extra exports (the portal's createLoadContext).
 */
export function routeBuild(routes: Record<string, { path: string; module: object; parentId?: string }>, entry: object = {}): ServerBuild {
  const manifest = Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { id, parentId: "root", ...route }]));
  return {
    entry: { module: { default: () => new Response(null, { status: 500 }), ...entry } },
    routes: { root: { id: "root", path: "", module: { default: () => null } }, ...manifest },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
