import { data } from "react-router";
import { isSameOrigin as isSameOriginFor } from "../../lib/http/same-origin.ts";
import { env } from "./env.server";

export interface SameOriginOptions {
  /**
   * Also refuse requests that carry neither Origin nor Sec-Fetch-Site, and Sec-Fetch-Site: none.
   * For endpoints only the portal's own pages post to (browser error reports).
   */
  requirePortalPage?: boolean;
  /** Defaults to PORTAL_URL's origin. */
  portalOrigin?: string;
}

const configuredPortalOrigin = new URL(env.PORTAL_URL).origin;

/** lib/http/same-origin.ts's rule with the portal's configured origin. */
export function isSameOrigin(
  origin: string | null | undefined,
  fetchSite: string | null | undefined,
  options: SameOriginOptions = {},
): boolean {
  return isSameOriginFor(origin, fetchSite, { ...options, portalOrigin: options.portalOrigin ?? configuredPortalOrigin });
}

function isSameOriginRequest(request: Request, options: SameOriginOptions = {}): boolean {
  return isSameOrigin(request.headers.get("Origin"), request.headers.get("Sec-Fetch-Site"), options);
}

/**
 * Every action starts with this. The server file's request guard has already refused these requests
 * before React Router saw them; the check stays with the action for any other way it is run.
 */
export function assertSameOrigin(request: Request, options: SameOriginOptions = {}): void {
  if (!isSameOriginRequest(request, options))
    throw data({ message: "forbidden" }, { status: 403, headers: { "Cache-Control": "no-store" } });
}
