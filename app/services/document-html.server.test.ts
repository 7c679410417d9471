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

  /** Runs the page's loader in a hidden tab (it starts at once) with a recording history and timers run by hand. */
  function runLoader(initialState: unknown) {
    const loader =
      /<script nonce="n0nce">(\(function\(modules, code\)[\s\S]*?)<\/script>/.exec(edited(withScriptsAfterFirstPaint, routerOutput))?.[1] ??
      "";
    const steps: string[] = [];
    const timers: (() => void)[] = [];
    const history = {
      state: initialState,
      replaceState(state: unknown) {
        steps.push(`replaceState ${JSON.stringify(state)}`);
        history.state = state;
      },
    };
    const element = (tag: string) => ({ tag }) as Record<string, unknown>;
    const parent = { appendChild: (el: Record<string, unknown>) => steps.push(`add ${String(el.tag)}`) };
    const document = {
      currentScript: { nonce: "n0nce" },
      visibilityState: "hidden",
      documentElement: { getAttribute: () => "/assets/common-1.json" },
      head: parent,
      body: parent,
      createElement: element,
    };
    const globals = { document, history, setTimeout: (run: () => void) => timers.push(run), performance: { now: () => 0 }, window: {} };
    new Function(...Object.keys(globals), loader)(...Object.values(globals));
    const runTimers = () => {
      while (timers.length > 0) timers.shift()!();
    };
    return { steps, runTimers, history };
  }

  it("numbers the page's history entry as React Router does, in a task before any script is added", () => {
    const { steps, runTimers } = runLoader(null);
    expect(steps).toEqual(['replaceState {"idx":0}']);
    runTimers();
    expect(steps.slice(1)).toEqual(["add link", "add link", "add link", "add script"]);
  });

  it("keeps an entry's own state and number: a reload, back or forward", () => {
    expect(runLoader({ usr: { from: "/" }, key: "k1", idx: 3 }).steps).toEqual([]);
    const foreign = runLoader({ scroll: 10 });
    expect(foreign.history.state).toEqual({ scroll: 10, idx: 0 });
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
