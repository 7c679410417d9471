import { index, type RouteConfig } from "@react-router/dev/routes";

/** One route: the index page. */
export default [index("routes/_index.tsx")] satisfies RouteConfig;
