import { cookieSecurity, portalCookie } from "./cookie-security.server";
import { env } from "./env.server";

const security = cookieSecurity();

/**
 * The only thing the browser holds: a signed random session id. `__Host-` pins it to this host
 * where the deployment allows it (HTTPS, no shared cookie domain).
 */
export const sessionCookie = portalCookie(security.secure && !security.domain ? "__Host-portal_session" : "portal_session", {
  secrets: [env.SESSION_SECRET],
});

export const returnToCookie = portalCookie("portal_return_to", { maxAge: 30 * 60, secrets: [env.SESSION_SECRET] });
