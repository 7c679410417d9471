import { PAGE_HAS_ERRORS_ATTRIBUTE } from "~/components/error-summary";
import { CATALOGS_ATTRIBUTE } from "~/i18n-catalogs";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*\/?>/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/;

/**
 * Runs in the page, in place of React Router's module script: once the browser reports the page's
 * first contentful paint (two frames on where it cannot report paints; at once in a hidden tab,
 * which paints nothing; 3 s after the load event at the latest), it adds the preloads of the page's
 * catalogs (CATALOGS_ATTRIBUTE on <html>) and modules, then the module script with this script's nonce.
 */
const AFTER_FIRST_PAINT = `(function(modules, code) {
  var d = document, nonce = d.currentScript.nonce, started = false;
  function add(parent, tag, props) { var el = d.createElement(tag); for (var k in props) el[k] = props[k]; parent.appendChild(el); }
  function start() {
    if (started) return;
    started = true;
    (d.documentElement.getAttribute("${CATALOGS_ATTRIBUTE}") || "").split(" ").filter(Boolean).forEach(function(href) {
      add(d.head, "link", { rel: "preload", as: "fetch", crossOrigin: "anonymous", href: href });
    });
    modules.forEach(function(href) { add(d.head, "link", { rel: "modulepreload", href: href }); });
    add(d.body, "script", { type: "module", nonce: nonce, textContent: code });
  }
  var P = window.PerformanceObserver;
  if (d.visibilityState === "hidden") start();
  else if (P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf("paint") >= 0) {
    new P(function(entries, observer) {
      if (entries.getEntriesByName("first-contentful-paint").length > 0) { observer.disconnect(); start(); }
    }).observe({ type: "paint", buffered: true });
    addEventListener("load", function() { setTimeout(start, 3000); });
  } else requestAnimationFrame(function() { requestAnimationFrame(start); });
})`;

/** JSON for inside a <script>: no sequence in it can close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * A portal page is complete without its script, which only adds behaviour once it has loaded
 * (SPEC: every page works with JavaScript off). So nothing of the script is fetched before the page
 * is on screen: React Router's module preloads and module script become one small inline script
 * that asks for them after the first paint. Fetched from the document's head, the modules arrived
 * before the stylesheet had been applied on a fast connection, and the browser ran them (and
 * hydration) before painting anything (docs/performance.md). React Router renders these tags itself
 * and offers no way to defer them, so the rendered page is edited; a page without them is left as it is.
 */
export function withScriptsAfterFirstPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const nonce = /\bnonce="([^"]*)"/.exec(script[0])?.[1];
  const modules: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_preload, href: string) => {
    modules.push(href);
    return "";
  });
  const loader = `<script${nonce ? ` nonce="${nonce}"` : ""}>${AFTER_FIRST_PAINT}(${scriptJson(modules)}, ${scriptJson(script[1])});</script>`;
  return withoutPreloads.replace(MODULE_SCRIPT, () => loader);
}

const TITLE = /<title>([^<]*)<\/title>/;

/**
 * GOV.UK's pattern for WCAG 2.4.2: a page that shows validation errors says so first in its title.
 * The title is rendered before the form that knows about the errors, so the server adds the prefix
 * to the finished page; in the browser the error summary adds and removes it itself.
 */
export function withErrorTitle(html: string, prefix: string): string {
  if (!html.includes(PAGE_HAS_ERRORS_ATTRIBUTE)) return html;
  return html.replace(TITLE, (whole, title: string) => (title.startsWith(prefix) ? whole : `<title>${prefix}${title}</title>`));
}

/** React 19 writes the doctype itself when it renders a whole document: one, first, never two (the Nu checker's 'Stray doctype'). */
export function withDoctype(html: string): string {
  return /^<!DOCTYPE html>/i.test(html) ? html : `<!DOCTYPE html>${html}`;
}
