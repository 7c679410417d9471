import { json } from "@remix-run/node";
import { env } from "./env.server";

/**
 * Cross-site request forgery guard for every action: the browser's Origin (or, failing that,
 * Sec-Fetch-Site) must say the form came from the portal itself. curl without either header is a
 * first-party client (support staff replaying a form) and is let through; browsers always send one.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("Origin");
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  const expected = new URL(env.PORTAL_URL).origin;
  const allowed = origin ? origin === expected : fetchSite ? fetchSite === "same-origin" || fetchSite === "none" : true;
  if (!allowed) throw json({ message: "forbidden" }, { status: 403 });
}
