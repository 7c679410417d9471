import { readFileSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { namespaces as allNamespaces, pageNamespaces, type Namespace } from "~/i18n";
import { namespacesByPath } from "~/services/route-namespaces.server";
import { pagePathOf } from "../../../server/app.ts";

/**
 * Each page receives only the namespaces its routes declare (`handle.i18n`): the built server's
 * routes are matched as the server does, and every string a route's components ask for must be in
 * what that page receives, or a participant would read a key instead of words.
 */
const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
const namespacesFor = namespacesByPath(build.routes);
const appDir = path.resolve("app");

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
  it("sends a page only its own namespaces", () => {
    expect(namespacesFor("/session-expired")).toEqual(pageNamespaces);
    expect(namespacesFor("/")).toEqual([...pageNamespaces, "dashboard"]);
    expect(namespacesFor("/profile/security/password")).toEqual([...pageNamespaces, "profile"]);
    expect(namespacesFor("/auth/callback")).toEqual([...pageNamespaces, "auth"]);
    expect(namespacesFor("/no/such/page")).toEqual(pageNamespaces);
  });

  it("sends a page's data request (a navigation with JavaScript) the page's namespaces", () => {
    expect(namespacesFor(pagePathOf("/profile/studies/withdraw.data"))).toBe(namespacesFor("/profile/studies/withdraw"));
    expect(namespacesFor(pagePathOf("/_.data"))).toBe(namespacesFor("/"));
    expect(namespacesFor(pagePathOf("/profile/studies/withdraw.data"))).toContain("profile");
  });

  it("hands out the same list for every request to a page", () => {
    expect(namespacesFor("/profile")).toBe(namespacesFor("/profile"));
  });

  it("sends every namespace a page's components ask for", () => {
    const missing: string[] = [];
    for (const route of Object.values(build.routes)) {
      if (!route?.path && !route?.index) continue;
      const received = new Set(
        routeChain(route.id).flatMap((id) => (build.routes[id]?.module.handle as { i18n?: Namespace[] } | undefined)?.i18n ?? []),
      );
      for (const namespace of pageNamespaces) received.add(namespace);
      for (const id of routeChain(route.id)) {
        const file = path.join(appDir, `${id}.tsx`);
        for (const namespace of namespacesUsedBy(file)) if (!received.has(namespace)) missing.push(`${id} uses ${namespace}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
