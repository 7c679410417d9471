import { PAGE_HAS_ERRORS_ATTRIBUTE } from "~/components/error-summary";
import { CATALOGS_ATTRIBUTE } from "~/i18n/catalogs";

const MODULE_PRELOAD_TAG = '<link rel="modulepreload"';
const HREF = /\bhref="([^"]+)"/;
const MODULE_TYPE = 'type="module"';
const SCRIPT_END = "</script>";

/** A rendered page as the bytes React wrote, in memory of its own (a response body takes it as it is). */
export type PageBytes = Buffer<ArrayBuffer>;

/**
 * Each request a link starts costs the browser's main thread about a millisecond on a slow phone,
 * and a page has some twenty: they are added a few at a time, so no one task blocks a tap for long
 * (docs/performance.md).
 */
const INSERTION_SLICE_MS = 4;

/**
 * Runs in the page, in place of React Router's module script: once the browser reports the page's
 * first contentful paint (two frames on where it cannot report paints; at once in a hidden tab,
 * which paints nothing; 3 s after the load event at the latest), from the next task, it adds the
 * preloads of the page's catalogs (CATALOGS_ATTRIBUTE on <html>) and modules, then the module script
 * with this script's nonce, in slices of INSERTION_SLICE_MS.
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
    function next() {
      for (var until = performance.now() + ${INSERTION_SLICE_MS}; queue.length > 0 && until > performance.now(); ) add.apply(null, queue.shift());
      if (queue.length > 0) setTimeout(next, 0);
    }
    setTimeout(next, 0);
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

/** React Router's module script: the first <script> tag whose own attributes say type="module". */
function moduleScriptIn(html: PageBytes): { start: number; codeStart: number; codeEnd: number } | undefined {
  for (let at = html.indexOf(MODULE_TYPE); at >= 0; at = html.indexOf(MODULE_TYPE, at + 1)) {
    const start = html.lastIndexOf("<script", at);
    const codeStart = start >= 0 ? html.indexOf(">", start) + 1 : 0;
    if (codeStart > at) return { start, codeStart, codeEnd: html.indexOf(SCRIPT_END, codeStart) };
  }
  return undefined;
}

/**
 * Every page works without its script, so none of it is fetched before the first paint: React Router's
 * module preloads and script (which it offers no way to defer) become one inline script that asks for
 * them afterwards; fetched from the head, they ran with hydration before anything was painted. The
 * bytes are edited in place, never decoded to a string (160 of a dashboard request's 1,288 KB went on
 * that); docs/performance.md.
 */
export function withScriptsAfterFirstPaint(html: PageBytes): PageBytes {
  const script = moduleScriptIn(html);
  if (!script || script.codeEnd < 0) return html;
  const nonce = /\bnonce="([^"]*)"/.exec(html.toString("latin1", script.start, script.codeStart))?.[1];
  const modules: string[] = [];
  const pieces: PageBytes[] = [];
  let copiedUpTo = 0;
  for (let at = html.indexOf(MODULE_PRELOAD_TAG); at >= 0 && at < script.start; at = html.indexOf(MODULE_PRELOAD_TAG, copiedUpTo)) {
    const end = html.indexOf(">", at) + 1;
    const href = HREF.exec(html.toString("latin1", at, end))?.[1];
    if (href) modules.push(href);
    pieces.push(html.subarray(copiedUpTo, at));
    copiedUpTo = end;
  }
  const code = html.toString("utf8", script.codeStart, script.codeEnd);
  const loader = `<script${nonce ? ` nonce="${nonce}"` : ""}>${AFTER_FIRST_PAINT}(${scriptJson(modules)}, ${scriptJson(code)});</script>`;
  pieces.push(html.subarray(copiedUpTo, script.start), Buffer.from(loader), html.subarray(script.codeEnd + SCRIPT_END.length));
  return Buffer.concat(pieces);
}

/**
 * GOV.UK's pattern for WCAG 2.4.2: a page that shows validation errors says so first in its title.
 * The title is rendered before the form that knows about the errors, so the server adds the prefix
 * to the finished page; in the browser the error summary adds and removes it itself.
 */
export function withErrorTitle(html: PageBytes, prefix: string): PageBytes {
  if (html.indexOf(PAGE_HAS_ERRORS_ATTRIBUTE) < 0) return html;
  const titleStart = html.indexOf("<title>");
  const textStart = titleStart + "<title>".length;
  const textEnd = titleStart < 0 ? -1 : html.indexOf("</title>", textStart);
  if (textEnd < 0 || html.toString("utf8", textStart, textEnd).startsWith(prefix)) return html;
  return Buffer.concat([html.subarray(0, textStart), Buffer.from(prefix), html.subarray(textStart)]);
}

const DOCTYPE = "<!DOCTYPE html>";

/** React 19 writes the doctype itself when it renders a whole document: one, first, never two (the Nu checker's 'Stray doctype'). */
export function withDoctype(html: PageBytes): PageBytes {
  if (html.toString("latin1", 0, DOCTYPE.length).toUpperCase() === DOCTYPE.toUpperCase()) return html;
  return Buffer.concat([Buffer.from(DOCTYPE), html]);
}
