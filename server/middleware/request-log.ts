import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { pathOnly, redactText } from "../../lib/logging/redact.ts";

function line(req: IncomingMessage, res: ServerResponse, responseTime: number) {
  return {
    method: req.method,
    path: redactText(pathOnly((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? "/")),
    status: res.statusCode,
    durationMs: Math.round(responseTime),
  };
}

/**
 * One JSON line per request (documents, data, resource routes and static files alike) with the
 * request id, a path without its query string (results-link tokens and callback codes travel there),
 * cut to 200 characters, and never a header or a body.
 */
export function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (_req, res) => (res as ServerResponse & { locals?: { requestId?: string } }).locals?.requestId ?? "",
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
