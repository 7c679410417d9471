/**
 * The framework floor of `npm run bench`: the smallest Remix v2 app (one route, no session, no
 * translations, no database), built with the portal's Remix and served by the portal's own server
 * setup (server/app.ts), so the bench can say how far each portal page is from the framework's cost.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
  },
};
