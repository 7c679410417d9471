import type { Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { pathOnly, redactText } from "../logging/redact.ts";
import { REQUEST_ID_HEADER, saneRequestId } from "./request-id.ts";

/**
 * Every process's first middleware: the caller's request id when it is harmless, otherwise a new one,
 * written back into the request headers (handlers forward it upstream) and echoed in the response.
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

function line(req: Request, res: Response, responseTime: number) {
  return {
    method: req.method,
    path: redactText(pathOnly(req.originalUrl)),
    status: res.statusCode,
    durationMs: Math.round(responseTime),
  };
}

/**
 * One JSON line per request with the request id, a path without its query string (tokens, codes and
 * signatures travel there), cut to 200 characters, and never a header or a body.
 */
export function requestLog(logger: Logger) {
  return pinoHttp<Request, Response>({
    logger,
    genReqId: (_req, res) => res.locals.requestId as string,
    customAttributeKeys: { reqId: "requestId" },
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: () => "info",
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request",
    customSuccessObject: (req, res, value: { responseTime: number }) => line(req, res, value.responseTime),
    customErrorObject: (req, res, _error, value: { responseTime: number }) => line(req, res, value.responseTime),
  });
}

/**
 * helmet's headers for a service's answers (JSON, and the few pages and files a service serves, which
 * set a policy of their own): nothing framed, nothing loaded from elsewhere, HSTS in production.
 */
export function serviceHeaders(options: { production: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "no-referrer" },
    xFrameOptions: { action: "deny" },
  });
}
