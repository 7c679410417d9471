import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { RequestError } from "./token-verifier.ts";

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const MAX_JSON_BODY_BYTES = 16 * 1024;

/** Keeps the caller's request id when it is harmless to log and echo, else makes a new one. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

/** Every error answer has the same shape: { status, message } with the HTTP status. */
export function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { status, message });
}

export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_JSON_BODY_BYTES) throw new RequestError(413, "The request body is too large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new RequestError(400, "The request body is not valid JSON");
  }
}

/** Path segments, decoded; a malformed escape is the caller's mistake, not a server error. */
export function pathSegments(pathname: string): string[] {
  try {
    return pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    throw new RequestError(400, "The request path is not valid");
  }
}
