import { readFileSync } from "node:fs";
import path from "node:path";
import { matchRoutes, RouterContextProvider, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { namespaces as allNamespaces, pageNamespaces, type Namespace } from "~/i18n/languages";
import { languageMiddleware, namespacesOf, type TranslationsMiddleware } from "~/services/language.server";

/**
 * Each page receives only the namespaces its routes declare (their `translations` middleware): the
 * built server's routes are matched as React Router matches them, the root's language middleware and
 * the matched routes' translation middleware run, and every string a route's components ask for must
 * be in what that page receives, or a participant would read a key instead of words.
 */
const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
const appDir = path.resolve("app");

type RouteObject = NonNullable<Parameters<typeof matchRoutes>[0]>[number];

/** The build's flat route list as the nested routes `matchRoutes` reads (index routes have no children). */
function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const childrenOf = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = childrenOf.get(route.parentId) ?? [];
    siblings.push(route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path });
    childrenOf.set(route.parentId, siblings);
  }
  for (const siblings of childrenOf.values())
    for (const route of siblings) if (!route.index && childrenOf.has(route.id)) route.children = childrenOf.get(route.id);
  return childrenOf.get(undefined) ?? [];
}
const tree = routeTree(build.routes);

/** A route's translation middleware, from its source module (the test's copy of the context keys). */
async function translationsOf(id: string): Promise<TranslationsMiddleware[]> {
  if (id === "root") return [];
  const module = (await import(path.join(appDir, `${id}.tsx`))) as { middleware?: unknown[] };
  return (module.middleware ?? []).filter((entry): entry is TranslationsMiddleware => typeof entry === "function" && "namespaces" in entry);
}

async function namespacesFor(pathname: string): Promise<readonly Namespace[]> {
  const routeIds = (matchRoutes(tree, pathname) ?? []).map((match) => match.route.id ?? "");
  const chain = [languageMiddleware, ...(await Promise.all(routeIds.map(translationsOf))).flat()];
  const context = new RouterContextProvider();
  const request = new Request(`http://portal.test${pathname}`);
  const args = { request, context, url: new URL(request.url), params: {}, pattern: pathname };
  // As React Router runs a chain: a middleware that does not call `next` has it called after it.
  for (const middleware of chain) await middleware(args, async () => new Response(null));
  return namespacesOf(context);
}

/** The namespaces a module and everything it imports from app/ ask for. */
function namespacesUsedBy(file: string, seen = new Set<string>()): Set<Namespace> {
  const used = new Set<Namespace>();
  if (seen.has(file)) return used;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const [, namespace] of source.matchAll(/useTranslation\("([a-z]+)"\)|\bns: "([a-z]+)"/g)) used.add(namespace as Namespace);
  for (const [, namespace] of source.matchAll(/["`]([a-z]+):[a-zA-Z]/g)) {
    if ((allNamespaces as readonly string[]).includes(namespace!)) used.add(namespace as Namespace);
  }
  for (const [, specifier] of source.matchAll(/from "(~\/[^"]+|\.{1,2}\/[^"]+)"/g)) {
    if (specifier!.endsWith(".css") || specifier!.includes(".server")) continue;
    const base = specifier!.startsWith("~/") ? path.join(appDir, specifier!.slice(2)) : path.resolve(path.dirname(file), specifier!);
    const candidates = [`${base}.tsx`, `${base}.ts`, base, path.join(base, "index.ts")];
    const target = candidates.find((candidate) => {
      try {
        return readFileSync(candidate) && true;
      } catch {
        return false;
      }
    });
    if (target) for (const namespace of namespacesUsedBy(target, seen)) used.add(namespace);
  }
  return used;
}

function routeChain(id: string): string[] {
  const chain: string[] = [];
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) chain.push(route.id);
  return chain;
}

describe("translations sent with each page", () => {
  it("sends a page only its own namespaces", async () => {
    expect(await namespacesFor("/session-expired")).toEqual(pageNamespaces);
    expect(await namespacesFor("/")).toEqual([...pageNamespaces, "dashboard"]);
    expect(await namespacesFor("/profile/security/password")).toEqual([...pageNamespaces, "profile"]);
    expect(await namespacesFor("/profile/overview")).toEqual([...pageNamespaces, "profile", "shares"]);
    expect(await namespacesFor("/auth/callback")).toEqual([...pageNamespaces, "auth"]);
    expect(await namespacesFor("/no/such/page")).toEqual(pageNamespaces);
  });

  it("sends every namespace a page's components ask for", async () => {
    const missing: string[] = [];
    for (const route of Object.values(build.routes)) {
      if (!route?.path && !route?.index) continue;
      const received = new Set<Namespace>(pageNamespaces);
      for (const id of routeChain(route.id))
        for (const entry of await translationsOf(id)) for (const namespace of entry.namespaces) received.add(namespace);
      for (const id of routeChain(route.id)) {
        const file = path.join(appDir, `${id}.tsx`);
        for (const namespace of namespacesUsedBy(file)) if (!received.has(namespace)) missing.push(`${id} uses ${namespace}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
