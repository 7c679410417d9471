import type { IncomingMessage, ServerResponse } from "node:http";
import { parse as parseCookies, serialize as serializeCookie, type SerializeOptions } from "cookie";

const MAX_BODY_BYTES = 64 * 1024;

export class BadRequest extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BadRequest("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A urlencoded form: first value of each field. */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const params = new URLSearchParams(await readBody(req));
  const form: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in form)) form[key] = value;
  return form;
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest("invalid JSON");
  }
}

export function getCookie(req: IncomingMessage, name: string): string | undefined {
  return parseCookies(req.headers.cookie ?? "")[name];
}

export function appendCookie(res: ServerResponse, name: string, value: string, options: SerializeOptions): void {
  const existing = res.getHeader("set-cookie");
  const list = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
  res.setHeader("set-cookie", [...list, serializeCookie(name, value, options)]);
}

export function sendHtml(res: ServerResponse, status: number, body: string): void {
  res.statusCode = status;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body));
}

/** 303 so the browser follows a form POST with a GET. */
export function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 303;
  res.setHeader("location", location);
  res.setHeader("cache-control", "no-store");
  res.end();
}

/** The client address as the socket sees it (X-Forwarded-For is not trusted without a configured proxy). */
export function clientAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? "unknown";
}
