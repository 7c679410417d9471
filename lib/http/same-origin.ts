/**
 * The portal's one cross-site request forgery rule: the browser's Origin (or, failing that,
 * Sec-Fetch-Site) must say the request came from the portal itself. A request with neither header
 * is a first-party client (support staff replaying a form with curl) and is let through, unless
 * `requirePortalPage` is set; browsers always send one of them with a POST.
 */
export function isSameOrigin(
  origin: string | null | undefined,
  fetchSite: string | null | undefined,
  options: { portalOrigin: string; requirePortalPage?: boolean },
): boolean {
  if (origin) return origin === options.portalOrigin;
  if (fetchSite) return fetchSite === "same-origin" || (fetchSite === "none" && !options.requirePortalPage);
  return !options.requirePortalPage;
}

/** The largest form body any portal action reads (SPEC.md bad input: 413 above it). */
export const FORM_BODY_LIMIT_BYTES = 32 * 1024;
