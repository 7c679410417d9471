import { data } from "react-router";
import { isSameOrigin } from "../../lib/http/same-origin.ts";
import { env } from "./env.server";

const portalOrigin = new URL(env.PORTAL_URL).origin;

/**
 * Every action starts with this. The server file's request guard has already refused these requests
 * before React Router saw them; the check stays with the action for any other way it is run.
 * lib/http/same-origin.ts's rule with PORTAL_URL's origin. `requirePortalPage` also refuses requests
 * with neither Origin nor Sec-Fetch-Site, and Sec-Fetch-Site: none: for endpoints only the portal's
 * own pages post to (browser error reports).
 */
export function assertSameOrigin(request: Request, options: { requirePortalPage?: boolean } = {}): void {
  if (!isSameOrigin(request.headers.get("Origin"), request.headers.get("Sec-Fetch-Site"), { ...options, portalOrigin }))
    throw data({ message: "forbidden" }, { status: 403, headers: { "Cache-Control": "no-store" } });
}
