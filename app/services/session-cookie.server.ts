import { createCookie } from "react-router";
import { cookieSecurity } from "./cookie-security.server";
import { env } from "./env.server";

const security = cookieSecurity();

/**
 * The only thing the browser holds: a signed random session id. `__Host-` pins it to this host
 * where the deployment allows it (HTTPS, no shared cookie domain).
 */
export const sessionCookie = createCookie(
  security.secure && !("domain" in security && security.domain) ? "__Host-portal_session" : "portal_session",
  {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [env.SESSION_SECRET],
    ...security,
  },
);

export const returnToCookie = createCookie("portal_return_to", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 30 * 60,
  secrets: [env.SESSION_SECRET],
  ...security,
});
