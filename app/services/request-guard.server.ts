import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { cssBundleHref } from "@remix-run/css-bundle";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RouterFallbackScreen } from "~/components/layout/error-screens";
import type { Language } from "~/i18n";
import { TranslationProvider } from "~/i18n-react";
import { REQUEST_ID_HEADER, saneRequestId } from "../../lib/http/index.ts";
import { FORM_BODY_LIMIT_BYTES } from "./form-body.server";
import { pageTranslator } from "./i18n.server";
import { detectLanguage } from "./language.server";
import { logger, pathOnly, redactText } from "./logger.server";
import { isSameOrigin } from "./same-origin.server";
import { applyDocumentSecurityHeaders, createNonce } from "./security-headers.server";

/**
 * Refuses, in front of Express and Remix, the requests no portal action may see: unsafe methods
 * from another site (403) and bodies declared above the form limit (413).
 *
 * Why here: Remix checks Origin against Host before any action runs and answers a cross-site POST
 * to a page route with an empty 500 (and an error report), so the actions' own 403 never runs.
 * remix-serve cannot be given middleware, but the portal's code is loaded before its server
 * exists, and Node's `http.server.request.start` channel names the server before the server emits
 * 'request'. The first request therefore wraps the server's 'request' listeners once.
 *
 * Why answer here rather than rewrite the request to a route that renders the 4xx screen: a
 * rewrite hands Express, Remix and the request log a method and URL the browser never sent, and
 * still lets Remix and the matched action code run. Answering here keeps refused requests out
 * entirely; the page is the portal's own 4xx screen, rendered on its own.
 */

type Refusal = 400 | 403 | 405 | 413;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** The methods the portal answers; anything else (TRACE, CONNECT, WebDAV...) is a 405 before Express. */
const PORTAL_METHODS = new Set([...SAFE_METHODS, "POST", "PUT", "PATCH", "DELETE"]);
const ALLOWED = "GET, HEAD, POST";

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Which refusal a request gets before the portal sees it, if any. */
export function refusalFor(request: IncomingMessage, portalOrigin?: string): Refusal | null {
  // Absolute-form ("GET http://host/ HTTP/1.1") and asterisk-form ("GET *") targets are valid HTTP the portal does not serve.
  if (!(request.url ?? "/").startsWith("/")) return 400;
  if (!PORTAL_METHODS.has(request.method ?? "GET")) return 405;
  if (SAFE_METHODS.has(request.method ?? "GET")) return null;
  if (!isSameOrigin(headerValue(request, "origin"), headerValue(request, "sec-fetch-site"), { portalOrigin })) return 403;
  if (Number(headerValue(request, "content-length") ?? 0) > FORM_BODY_LIMIT_BYTES) return 413;
  return null;
}

/** The portal's one language rule (SPEC.md §4 'Language'), applied to the raw request. */
function languageOf(request: IncomingMessage): Promise<Language> {
  const cookie = headerValue(request, "cookie");
  return detectLanguage(new Request(new URL(request.url ?? "/", "http://portal.invalid"), { headers: cookie ? { cookie } : {} }));
}

const pages = new Map<string, string>();

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The 4xx screen the app's error boundary shows, without the header and footer (which need Remix). */
export function refusalPage(status: Refusal, language: Language): string {
  const key = `${status}:${language}`;
  const cached = pages.get(key);
  if (cached) return cached;
  const translator = pageTranslator(language);
  const common = translator.fixed("common");
  const detail =
    status === 403
      ? translator.fixed("auth")("forbidden")
      : status === 413
        ? common("errors.tooLarge")
        : status === 405
          ? common("errors.methodNotAllowed")
          : common("errors.badRequest");
  const screen = renderToStaticMarkup(
    createElement(TranslationProvider, { translator }, createElement(RouterFallbackScreen, { status, detail })),
  );
  const stylesheet = cssBundleHref ? `<link rel="stylesheet" href="${escapeHtml(cssBundleHref)}">` : "";
  const page =
    `<!DOCTYPE html><html lang="${language}" dir="ltr"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(translator.fixed("common")("meta.title"))}</title>${stylesheet}</head>` +
    `<body><main id="main">${screen}</main></body></html>`;
  pages.set(key, page);
  return page;
}

const refusalReasons: Record<Refusal, string> = {
  400: "request target the portal does not serve",
  403: "cross-site request",
  405: "method the portal does not answer",
  413: "body above the form limit",
};

async function refuse(request: IncomingMessage, response: ServerResponse, status: Refusal): Promise<void> {
  logger.warn(
    {
      method: request.method,
      path: redactText(pathOnly(request.url ?? "/")),
      status,
      reason: refusalReasons[status],
      requestId: saneRequestId(headerValue(request, REQUEST_ID_HEADER)),
    },
    "request refused",
  );
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  applyDocumentSecurityHeaders(headers, createNonce());
  const page = refusalPage(status, await languageOf(request));
  for (const [name, value] of headers) response.setHeader(name, value);
  if (status === 405) response.setHeader("Allow", ALLOWED);
  response.writeHead(status).end(request.method === "HEAD" ? undefined : page);
}

const guardedServers = new WeakSet<Server>();

/** Puts the guard in front of every 'request' listener the server has now (remix-serve adds one, its Express app). */
export function guardServer(server: Server, portalOrigin?: string): void {
  if (guardedServers.has(server)) return;
  guardedServers.add(server);
  const listeners = server.listeners("request") as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners("request");
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const refusal = refusalFor(request, portalOrigin);
    if (!refusal) {
      for (const listener of listeners) listener.call(server, request, response);
      return;
    }
    refuse(request, response, refusal).catch(() => {
      if (!response.headersSent) response.writeHead(refusal);
      response.end();
    });
  });
}

let installed = false;

/** Guards the server that serves the portal, from its first request on. */
export function installRequestGuard(): void {
  if (installed) return;
  installed = true;
  subscribe("http.server.request.start", (message) => guardServer((message as { server: Server }).server));
}
