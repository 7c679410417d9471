import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createRequestHandler, type EntryContext, Links, Scripts, type ServerBuild, ServerRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PAGE_HAS_ERRORS_ATTRIBUTE } from "~/components/error-summary";
import { type PageBytes, withDoctype, withErrorTitle, withScriptsAfterFirstPaint } from "./document-html.server";

/** The edits take and give the page as the bytes React wrote. */
const edited = (edit: (html: PageBytes) => PageBytes, html: string) => edit(Buffer.from(html)).toString("utf8");

describe("withScriptsAfterFirstPaint", () => {
  const routerOutput =
    '<html data-catalogs="/assets/common-1.json"><head><link rel="stylesheet" href="/assets/shell.css"/>' +
    '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/root-B.js" nonce="n0nce"/></head>' +
    '<body><p>Año rel="modulepreload"</p><script nonce="n0nce">window.__reactRouterContext = { a: \'type="module"\' };</script>' +
    '<script nonce="n0nce" type="module" async="">import "/assets/manifest-C.js";\nimport * as route0 from "/assets/root-B.js";\n' +
    'window.__x = "</script-free>";\nimport("/assets/entry.client-A.js");</script><script nonce="n0nce">enqueue();</script></body></html>';

  it("takes the module preloads and the module script out of the page, into one loader with the same nonce", () => {
    const page = edited(withScriptsAfterFirstPaint, routerOutput);
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).not.toMatch(/<script[^>]*type="module"/);
    expect(page).toContain('<p>Año rel="modulepreload"</p>');
    expect(page).toContain('<link rel="stylesheet" href="/assets/shell.css"/>');
    const scripts = [...page.matchAll(/<script nonce="n0nce">([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts).toHaveLength(3);
    expect(scripts[0]).toBe(`window.__reactRouterContext = { a: 'type="module"' };`);
    expect(scripts[2]).toBe("enqueue();");
    expect(scripts[1]).not.toContain("<");
  });

  it("gives the loader the modules to preload and the module script's code, unchanged", () => {
    const loader =
      /<script nonce="n0nce">(\(function\(modules, code\)[\s\S]*?)<\/script>/.exec(edited(withScriptsAfterFirstPaint, routerOutput))?.[1] ??
      "";
    const received: unknown[] = [];
    // The loader is an expression called with (modules, code): call the same function with a recorder instead.
    const call = loader.slice(0, loader.lastIndexOf(";")).replace(/^\(function\(modules, code\) \{[\s\S]*\}\)\(/, "record(");
    new Function("record", call)((...args: unknown[]) => received.push(...args));
    expect(received).toEqual([
      ["/assets/entry.client-A.js", "/assets/root-B.js"],
      'import "/assets/manifest-C.js";\nimport * as route0 from "/assets/root-B.js";\nwindow.__x = "</script-free>";\nimport("/assets/entry.client-A.js");',
    ]);
  });

  /**
   * A page as the installed React Router writes it (its <Links>, <Scripts> and hydration data), edited
   * as the portal's entry edits it: a React Router upgrade that writes its scripts another way fails here.
   */
  async function pageReactRouterWrites(): Promise<string> {
    const nonce = "n0nce";
    const root = () =>
      createElement(
        "html",
        { lang: "en" },
        createElement("head", null, createElement(Links)),
        createElement("body", null, createElement("p", null, "Año"), createElement(Scripts, { nonce })),
      );
    const handleRequest = async (request: Request, status: number, headers: Headers, context: EntryContext) => {
      const stream = await renderToReadableStream(createElement(ServerRouter, { context, url: request.url, nonce }), { nonce });
      await stream.allReady;
      const html = Buffer.from(await new Response(stream).arrayBuffer());
      return new Response(withScriptsAfterFirstPaint(html), { status, headers });
    };
    const routeAssets = { hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false };
    const build = {
      entry: { module: { default: handleRequest } },
      routes: { root: { id: "root", path: "", module: { default: root } } },
      assets: {
        entry: { module: "/assets/entry.client-A.js", imports: ["/assets/chunk-D.js"] },
        routes: { root: { id: "root", path: "", module: "/assets/root-B.js", imports: ["/assets/chunk-D.js"], ...routeAssets } },
        url: "/assets/manifest-C.js",
        version: "C",
      },
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
    } as unknown as ServerBuild;
    return (await createRequestHandler(build, "production")(new Request("http://portal.test/"))).text();
  }

  it("defers the scripts of the page React Router writes: its preloads and module script become the loader", async () => {
    const page = await pageReactRouterWrites();
    expect(page).toContain("<p>Año</p>");
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).not.toMatch(/<script[^>]*type="module"/);
    // React Router's hydration data stays in the page as it wrote it; the loader has the same nonce.
    expect(page).toMatch(/<script nonce="n0nce">window.__reactRouterContext = /);
    const loader = /<script nonce="n0nce">(\(function\(modules, code\)[\s\S]*?)<\/script>/.exec(page)?.[1] ?? "";
    const received: unknown[] = [];
    new Function("record", loader.slice(0, loader.lastIndexOf(";")).replace(/^\(function\(modules, code\) \{[\s\S]*\}\)\(/, "record("))(
      (...args: unknown[]) => received.push(...args),
    );
    const [modules, code] = received as [string[], string];
    expect(new Set(modules)).toEqual(
      new Set(["/assets/manifest-C.js", "/assets/entry.client-A.js", "/assets/chunk-D.js", "/assets/root-B.js"]),
    );
    expect(code).toContain('import "/assets/manifest-C.js"');
    expect(code).toContain('import("/assets/entry.client-A.js")');
  });

  it("leaves a page without React Router's scripts as it is", () => {
    const plain = '<html><head><link rel="stylesheet" href="/assets/shell.css"/></head><body><p>Plain</p></body></html>';
    expect(edited(withScriptsAfterFirstPaint, plain)).toBe(plain);
  });
});

describe("withDoctype", () => {
  it("gives a document one doctype, first, whether React wrote it or not", () => {
    expect(edited(withDoctype, '<!DOCTYPE html><html lang="en"></html>')).toBe('<!DOCTYPE html><html lang="en"></html>');
    expect(edited(withDoctype, '<!doctype html><html lang="en"></html>')).toBe('<!doctype html><html lang="en"></html>');
    expect(edited(withDoctype, '<html lang="en"></html>')).toBe('<!DOCTYPE html><html lang="en"></html>');
  });
});

describe("withErrorTitle", () => {
  const page = (title: string, body: string) => `<html><head><title>${title}</title></head><body>${body}</body></html>`;
  const withErrors = `<form ${PAGE_HAS_ERRORS_ATTRIBUTE}=""><p>Año</p></form>`;

  it("starts the title of a page that shows errors with the prefix, once", () => {
    expect(edited((html) => withErrorTitle(html, "Error: "), page("Contraseña – Portal", withErrors))).toBe(
      page("Error: Contraseña – Portal", withErrors),
    );
    expect(edited((html) => withErrorTitle(html, "Error: "), page("Error: Password", withErrors))).toBe(
      page("Error: Password", withErrors),
    );
  });

  it("leaves the title of a page without errors as it is", () => {
    expect(edited((html) => withErrorTitle(html, "Error: "), page("Password", "<form></form>"))).toBe(page("Password", "<form></form>"));
  });
});
