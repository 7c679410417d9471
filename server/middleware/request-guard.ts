import type { Request, RequestHandler } from "express";
import type { Logger } from "pino";
import { REQUEST_ID_HEADER } from "../../lib/http/index.ts";
import { FORM_BODY_LIMIT_BYTES, isSameOrigin } from "../../lib/http/same-origin.ts";
import { pathOnly, redactText } from "../../lib/logging/redact.ts";

export type Refusal = 400 | 403 | 405 | 413;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** The methods the portal answers; anything else (TRACE, CONNECT, WebDAV...) is a 405. */
const PORTAL_METHODS = new Set([...SAFE_METHODS, "POST", "PUT", "PATCH", "DELETE"]);

const reasons: Record<Refusal, string> = {
  400: "request target the portal does not serve",
  403: "cross-site request",
  405: "method the portal does not answer",
  413: "body above the form limit",
};

/** Which refusal a request gets before the portal sees it, if any. */
function refusalFor(request: Request, portalOrigin: string): Refusal | null {
  // Absolute-form ("GET http://host/ HTTP/1.1") and asterisk-form ("GET *") targets are valid HTTP the portal does not serve.
  if (!request.url.startsWith("/")) return 400;
  if (!PORTAL_METHODS.has(request.method)) return 405;
  if (SAFE_METHODS.has(request.method)) return null;
  if (!isSameOrigin(request.get("origin"), request.get("sec-fetch-site"), { portalOrigin })) return 403;
  if (Number(request.get("content-length") ?? 0) > FORM_BODY_LIMIT_BYTES) return 413;
  return null;
}

/**
 * Refuses the requests no portal action may see, with the portal's translated 4xx screen: unsafe
 * methods from another site (403; React Router would otherwise answer its own Origin check with a bare 400)
 * and bodies declared above the form limit (413), before any body is read or any action runs.
 */
export function requestGuard(options: {
  portalOrigin: string;
  logger: Logger;
  renderRefusalPage: (status: Refusal, request: { url: string; cookie?: string }) => Promise<string>;
}): RequestHandler {
  return async (req, res, next) => {
    const refusal = refusalFor(req, options.portalOrigin);
    if (!refusal) return next();
    options.logger.warn(
      {
        method: req.method,
        path: redactText(pathOnly(req.url)),
        status: refusal,
        reason: reasons[refusal],
        requestId: req.get(REQUEST_ID_HEADER),
      },
      "request refused",
    );
    const page = await options.renderRefusalPage(refusal, { url: req.url.startsWith("/") ? req.url : "/", cookie: req.get("cookie") });
    res.status(refusal).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    if (refusal === 405) res.set("Allow", "GET, HEAD, POST");
    // The body is never read: the connection cannot carry another request after it.
    if (req.headers["content-length"] || req.headers["transfer-encoding"]) res.set("Connection", "close");
    res.end(req.method === "HEAD" ? undefined : page);
  };
}
