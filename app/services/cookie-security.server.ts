import { portalPolicy } from "./env.server";

/** SPEC.md §9: cookies are Secure except in development; a domain only in staging and production. */
export function cookieSecurity(): { secure: boolean; domain?: string } {
  return { ...portalPolicy.cookie };
}
