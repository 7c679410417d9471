import { randomBytes } from "node:crypto";
import { env } from "./env.server";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The identity provider is the only other origin a page may send the browser to by form. */
function contentSecurityPolicy(nonce: string): string {
  const idpOrigin = new URL(env.IDP_ISSUER).origin;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${idpOrigin}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

const commonHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
};

export function applyDocumentSecurityHeaders(headers: Headers, nonce: string): void {
  applyCommonSecurityHeaders(headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
}

export function applyCommonSecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(commonHeaders)) headers.set(name, value);
}
