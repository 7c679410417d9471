import { json } from "@remix-run/node";
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

/**
 * The portal's one cross-site request forgery rule: the browser's Origin (or, failing that,
 * Sec-Fetch-Site) must say the request came from the portal itself. A request with neither header
 * is a first-party client (support staff replaying a form with curl) and is let through, unless
 * `requirePortalPage` is set; browsers always send one of them with a POST.
 */
export function isSameOrigin(
  origin: string | null | undefined,
  fetchSite: string | null | undefined,
  options: SameOriginOptions = {},
): boolean {
  const expected = options.portalOrigin ?? configuredPortalOrigin;
  if (origin) return origin === expected;
  if (fetchSite) return fetchSite === "same-origin" || (fetchSite === "none" && !options.requirePortalPage);
  return !options.requirePortalPage;
}

export function isSameOriginRequest(request: Request, options: SameOriginOptions = {}): boolean {
  return isSameOrigin(request.headers.get("Origin"), request.headers.get("Sec-Fetch-Site"), options);
}

/**
 * Every action starts with this. Under remix-serve the request guard has already refused these
 * requests before Remix saw them; the check stays with the action for any other way it is run.
 */
export function assertSameOrigin(request: Request, options: SameOriginOptions = {}): void {
  if (!isSameOriginRequest(request, options))
    throw json({ message: "forbidden" }, { status: 403, headers: { "Cache-Control": "no-store" } });
}
