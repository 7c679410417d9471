import type { IncomingMessage, ServerResponse } from "node:http";
import { BodyRejectedError, parseJsonBody, readBodyText, REQUEST_ID_HEADER, saneRequestId, sendJson } from "../../lib/http/index.ts";
import { RequestError } from "./token-verifier.ts";

export { sendJson };

const MAX_JSON_BODY_BYTES = 16 * 1024;

export function requestIdFor(req: IncomingMessage): string {
  return saneRequestId(req.headers[REQUEST_ID_HEADER]);
}

/** Every error answer has the same shape: { status, message } with the HTTP status. */
export function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { status, message });
}

export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  try {
    return parseJsonBody(await readBodyText(req, MAX_JSON_BODY_BYTES, req.headers["content-length"]));
  } catch (error) {
    if (error instanceof BodyRejectedError) throw new RequestError(error.status, error.message);
    throw error;
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
