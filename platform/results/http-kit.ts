import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import * as z from "zod";
import { parseJsonBody, readBodyText, sendJson } from "../../lib/http/index.ts";
import { RequestError } from "./token-verifier.ts";

export { sendJson };

const MAX_JSON_BODY_BYTES = 16 * 1024;

/** A route's handler; `Params` are the names its path gives. */
export type Handler<Params extends string = never> = (req: Request<Record<Params, string>>, res: Response) => Promise<void>;

/** The request's query, each name's first value as URLSearchParams reads it. */
export const queryOf = (req: IncomingMessage & { originalUrl: string }) => new URL(req.originalUrl, "http://results.internal").searchParams;

/** After a route's methods: any other is refused, naming the ones it has. */
export const allow =
  (methods: string): RequestHandler =>
  (_req, res) => {
    res.setHeader("allow", methods);
    throw new RequestError(405, "Method not allowed");
  };

export const sendNoContent = (res: ServerResponse) => void res.writeHead(204, { "cache-control": "no-store" }).end();

/** An unreadable body throws BodyRejectedError, answered as its 400 or 413 like a RequestError. */
export const readJsonBody = async (req: IncomingMessage): Promise<unknown> =>
  parseJsonBody(await readBodyText(req, MAX_JSON_BODY_BYTES, req.headers["content-length"]));

/** The JSON body as `schema` reads it, or a 400 with `message`. */
export async function parsedBody<T>(req: IncomingMessage, schema: z.ZodType<T>, message: string): Promise<T> {
  const parsed = schema.safeParse((await readJsonBody(req)) ?? {});
  if (!parsed.success) throw new RequestError(400, message);
  return parsed.data;
}

/**
 * A malformed escape in the path, or a control character in the path or query, is the caller's
 * mistake, not a server error: a NUL (which PostgreSQL refuses in text) or another is never in an id.
 */
export const checkTarget: RequestHandler = (req, _res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    throw new RequestError(400, "The request path is not valid");
  }
  if (CONTROL_CHARACTER.test(path)) throw new RequestError(400, "The request path is not valid");
  for (const [name, value] of queryOf(req))
    if (CONTROL_CHARACTER.test(name) || CONTROL_CHARACTER.test(value)) throw new RequestError(400, "The request query is not valid");
  next();
};

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** Text a person typed: trimmed, not empty, at most `max` characters, no control character. */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !CONTROL_CHARACTER.test(value));

/** Who is asking, as the portal tells it: a keyed hash of the client's address (never the address). */
export const sourceField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/)
  .optional();

/** Zod's issues on one line, each as `path: message` (`whole` names an issue of the whole value). */
export const issuesText = (error: z.ZodError, whole = "") =>
  error.issues.map((issue) => `${issue.path.join(".") || whole}: ${issue.message}`).join("; ");
