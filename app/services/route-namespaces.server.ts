import { type ServerBuild, matchRoutes } from "react-router";
import { pageNamespaces, type Namespace, type TranslationHandle } from "../i18n.ts";

type RouteObject = NonNullable<Parameters<typeof matchRoutes>[0]>[number];

/** The build's flat route list as the nested routes `matchRoutes` reads (index routes have no children). */
function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const childrenOf = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = childrenOf.get(route.parentId) ?? [];
    siblings.push(
      route.index
        ? { id: route.id, path: route.path, index: true }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive },
    );
    childrenOf.set(route.parentId, siblings);
  }
  for (const siblings of childrenOf.values()) {
    for (const route of siblings) {
      const children = childrenOf.get(route.id);
      if (children && !route.index) route.children = children;
    }
  }
  return childrenOf.get(undefined) ?? [];
}

const REMEMBERED_PATHS = 1000;

export type NamespacesForPath = (pathname: string) => readonly Namespace[];

/**
 * The namespaces a page needs: every page's own (`pageNamespaces`) and those its matched routes
 * declare in `handle.i18n`. One list object per set of routes, so that the root loader hands out
 * the same catalogs object for every request to a page (the translator is built once per object).
 */
export function namespacesByPath(routes: ServerBuild["routes"]): NamespacesForPath {
  const tree = routeTree(routes);
  const byRoutes = new Map<string, readonly Namespace[]>();
  // Matching flattens and ranks every route on each call; recent paths are kept, a bounded number.
  const byPath = new Map<string, readonly Namespace[]>();
  return (pathname) => {
    const known = byPath.get(pathname);
    if (known) return known;
    const matches = matchRoutes(tree, pathname) ?? [];
    const routeIds = matches.map((match) => match.route.id ?? "");
    const routeKey = routeIds.join("|");
    let namespaces = byRoutes.get(routeKey);
    if (!namespaces) {
      const declared = routeIds.flatMap((id) => (routes[id]?.module.handle as TranslationHandle | undefined)?.i18n ?? []);
      namespaces = [...new Set([...pageNamespaces, ...declared])];
      byRoutes.set(routeKey, namespaces);
    }
    if (byPath.size >= REMEMBERED_PATHS) byPath.clear();
    byPath.set(pathname, namespaces);
    return namespaces;
  };
}
