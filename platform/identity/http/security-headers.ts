import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";

const noncesOfResponses = new WeakMap<ServerResponse, string>();

/** The CSP nonce of this response, for pages that carry a script. */
export function cspNonceOf(res: ServerResponse): string | undefined {
  return noncesOfResponses.get(res);
}

export function applySecurityHeaders(res: ServerResponse, options: { portalUrl: string; production: boolean }): void {
  const headers = securityHeaders(options);
  for (const [name, value] of Object.entries(headers.values)) res.setHeader(name, value);
  noncesOfResponses.set(res, headers.nonce);
}

/** Headers for every response: strict CSP with a per-response nonce, no framing, no sniffing. */
export function securityHeaders(options: { portalUrl: string; production: boolean }) {
  const nonce = randomBytes(16).toString("base64");
  const portalOrigin = new URL(options.portalUrl).origin;
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // Chromium applies form-action to the redirects after a POST, which end at the portal.
    `form-action 'self' ${portalOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
  const values: Record<string, string> = {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
  };
  if (options.production) values["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  return { nonce, values };
}
