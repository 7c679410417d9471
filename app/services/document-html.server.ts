import { PAGE_HAS_ERRORS_ATTRIBUTE } from "~/components/error-summary";
import { CATALOGS_ATTRIBUTE } from "~/i18n-catalogs";
import { INTL_NOTES_ID } from "~/intl-notes-of-page";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*\/?>/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/;

/**
 * Each request a link starts costs the browser's main thread about a millisecond on a slow phone,
 * and a page has some twenty: they are added a few at a time, so no one task blocks a tap for long
 * (docs/performance.md).
 */
const INSERTION_SLICE_MS = 4;

/**
 * Runs in the page, in place of React Router's module script: once the browser reports the page's
 * first contentful paint (two frames on where it cannot report paints; at once in a hidden tab,
 * which paints nothing; 3 s after the load event at the latest), it adds the preloads of the page's
 * catalogs (CATALOGS_ATTRIBUTE on <html>) and modules, then the module script with this script's
 * nonce, in slices of INSERTION_SLICE_MS.
 */
const AFTER_FIRST_PAINT = `(function(modules, code) {
  var d = document, nonce = d.currentScript.nonce, started = false;
  function add(parent, tag, props) { var el = d.createElement(tag); for (var k in props) el[k] = props[k]; parent.appendChild(el); }
  function start() {
    if (started) return;
    started = true;
    var queue = [];
    (d.documentElement.getAttribute("${CATALOGS_ATTRIBUTE}") || "").split(" ").filter(Boolean).forEach(function(href) {
      queue.push([d.head, "link", { rel: "preload", as: "fetch", crossOrigin: "anonymous", href: href }]);
    });
    modules.forEach(function(href) { queue.push([d.head, "link", { rel: "modulepreload", href: href }]); });
    queue.push([d.body, "script", { type: "module", nonce: nonce, textContent: code }]);
    (function next() {
      for (var until = performance.now() + ${INSERTION_SLICE_MS}; queue.length > 0 && until > performance.now(); ) add.apply(null, queue.shift());
      if (queue.length > 0) setTimeout(next, 0);
    })();
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
export function withScriptsAfterFirstPaint(html: string, intlNotes: ReadonlyMap<string, string> = new Map()): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const nonce = /\bnonce="([^"]*)"/.exec(script[0])?.[1];
  const modules: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_preload, href: string) => {
    modules.push(href);
    return "";
  });
  const loader = `<script${nonce ? ` nonce="${nonce}"` : ""}>${AFTER_FIRST_PAINT}(${scriptJson(modules)}, ${scriptJson(script[1])});</script>`;
  // For the script only: what the page wrote with Intl, which hydration reads rather than formats again.
  const notes =
    intlNotes.size > 0
      ? `<script type="application/json" id="${INTL_NOTES_ID}"${nonce ? ` nonce="${nonce}"` : ""}>${scriptJson(Object.fromEntries(intlNotes))}</script>`
      : "";
  return withoutPreloads.replace(MODULE_SCRIPT, () => notes + loader);
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
