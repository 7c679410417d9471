import { createCookie, type CookieOptions } from "react-router";
import { portalPolicy } from "./env.server";

/** SPEC.md §9: cookies are Secure except in development; a domain only in staging and production. */
export function cookieSecurity(): { secure: boolean; domain?: string } {
  return { ...portalPolicy.cookie };
}

/** A portal cookie: httpOnly, SameSite=Lax, for every path unless `options` says otherwise, and secured as above. */
export const portalCookie = (name: string, options: CookieOptions = {}) =>
  createCookie(name, { httpOnly: true, sameSite: "lax", path: "/", ...options, ...cookieSecurity() });
