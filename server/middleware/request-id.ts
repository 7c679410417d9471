import type { RequestHandler } from "express";
import { REQUEST_ID_HEADER, saneRequestId } from "../../lib/http/index.ts";

/**
 * The request id, decided before anything else: the caller's when it is harmless, otherwise a new
 * one. Written back into the request headers (loaders read it with requestIdOf and forward it
 * upstream) and echoed in the response.
 */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const id = saneRequestId(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = id;
    res.locals.requestId = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}
