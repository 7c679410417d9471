import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";

/**
 * A fresh CSP nonce per response, 16 bytes of the system's cryptographic randomness (pages put it on
 * every script tag through the load context), and helmet's headers with the portal's policy: scripts
 * only from the portal with that nonce, forms only to the portal and the identity provider, no
 * framing. HSTS outside development.
 */
export function securityHeaders(options: { idpOrigin: string; production: boolean; viteDevelopment?: boolean }): RequestHandler[] {
  const nonceAndPermissions: RequestHandler = (_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce as string}'`],
        // `npm run dev` only: Vite puts edited styles in <style> elements.
        styleSrc: options.viteDevelopment ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'", options.idpOrigin],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
  return [nonceAndPermissions, headers];
}
