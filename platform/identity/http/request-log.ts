import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { REQUEST_ID_HEADER, saneRequestId } from "../../../lib/http/index.ts";
import { pathOnly } from "../../../lib/logging/redact.ts";

export function requestIdFor(req: IncomingMessage): string {
  return saneRequestId(req.headers[REQUEST_ID_HEADER]);
}

/** One log line per request: never the query string, body, cookies or tokens. */
export function logWhenFinished(logger: Logger, req: IncomingMessage, res: ServerResponse, requestId: string): void {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const path = pathOnly(req.url ?? "/");
    logger.info(
      {
        requestId,
        method: req.method,
        path,
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      },
      "request",
    );
  });
}
