import type { IncomingMessage, ServerResponse } from "node:http";
import { parse as parseCookies, serialize as serializeCookie, type SerializeOptions } from "cookie";
import proxyAddr from "proxy-addr";
import { parseFormBody, parseJsonBody, readBodyText } from "../../../lib/http/index.ts";
import { LANGUAGE_COOKIE, type Locale, localeFor } from "../pages/i18n.ts";

export { BodyRejectedError, sendJson } from "../../../lib/http/index.ts";

const MAX_BODY_BYTES = 64 * 1024;

const readBody = (req: IncomingMessage) => readBodyText(req, MAX_BODY_BYTES, req.headers["content-length"]);

/** A urlencoded form: first value of each field. */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  return parseFormBody(await readBody(req));
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  return parseJsonBody(await readBody(req));
}

export function getCookie(req: IncomingMessage, name: string): string | undefined {
  return parseCookies(req.headers.cookie ?? "")[name];
}

export function appendCookie(res: ServerResponse, name: string, value: string, options: SerializeOptions): void {
  res.appendHeader("set-cookie", serializeCookie(name, value, options));
}

export function sendHtml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(body);
}

/** 303 so the browser follows a form POST with a GET. */
export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, "cache-control": "no-store" }).end();
}

export type TrustedProxies = (address: string, hop: number) => boolean;

/** Which proxies to believe: none unless configured, so X-Forwarded-For is ignored by default. */
export function trustedProxiesFrom(list: readonly string[]): TrustedProxies {
  return proxyAddr.compile([...list]);
}

/** The client address: the socket's, or the nearest untrusted hop X-Forwarded-For names through trusted proxies. */
export function clientAddress(req: IncomingMessage, trusted: TrustedProxies): string {
  if (!req.socket.remoteAddress) return "unknown";
  return proxyAddr(req, trusted);
}

/** The hosted pages' language for this request (pages/i18n.ts localeFor), with the client's ui_locales when known. */
export function requestLocale(req: IncomingMessage, uiLocales?: string | null): Locale {
  const url = new URL(req.url ?? "/", "http://identity.invalid");
  return localeFor({
    lang: url.searchParams.get("lang"),
    cookie: getCookie(req, LANGUAGE_COOKIE),
    uiLocales: uiLocales ?? url.searchParams.get("ui_locales"),
    acceptLanguage: req.headers["accept-language"],
  });
}
