/**
 * Where React Router answers a hydrated page's request for the routes of its links ('lazy' route
 * discovery): set in react-router.config.ts, and watched by the request guard.
 */
export const ROUTE_MANIFEST_PATH = "/__manifest";
