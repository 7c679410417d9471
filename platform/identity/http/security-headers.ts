import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";

const noncesOfResponses = new WeakMap<ServerResponse, string>();

/** The CSP nonce of this response, for pages that carry a script (the provider's own pages too). */
export function cspNonceOf(res: ServerResponse): string | undefined {
  return noncesOfResponses.get(res);
}

/** A fresh nonce per response and helmet's headers; forms may go to the portal, as Chromium applies form-action to a POST's redirects. */
export function securityHeaders(options: { portalUrl: string; production: boolean }): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    noncesOfResponses.set(res, randomBytes(16).toString("base64"));
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: [(_req, res) => `'nonce-${noncesOfResponses.get(res as ServerResponse)}'`],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'", new URL(options.portalUrl).origin],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "no-referrer" },
    xFrameOptions: { action: "deny" },
  });
  return [nonce, headers];
}
