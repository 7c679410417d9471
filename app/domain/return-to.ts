import { CAPTCHA_CHALLENGE_PATH, PASSWORD_PASSKEY_OPTIONS_PATH, PASSWORD_UPDATE_PATH } from "./password-update-view";
import { FACTORS_PATH, PASSKEY_OPTIONS_PATH } from "./sign-in-factors";

const PLACEHOLDER_ORIGIN = "http://portal.invalid";
const MAX_LENGTH = 2048;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const hasControlCharacter = (value: string) => /[\u0000-\u001f\u007f]/.test(value);

function sameOriginPath(candidate: string): string | null {
  const resolved = URL.parse(candidate, PLACEHOLDER_ORIGIN);
  return resolved?.origin === PLACEHOLDER_ORIGIN ? `${resolved.pathname}${resolved.search}${resolved.hash}` : null;
}

/**
 * Only same-origin paths are accepted as a place to return to. The candidate is resolved first (dot
 * segments, backslashes) and the check applies to what a browser would follow: `/x/..//evil.test`
 * resolves to the protocol-relative `//evil.test`, which leaves the portal, so it falls back.
 */
export function safeReturnTo(candidate: unknown, fallback = "/"): string {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > MAX_LENGTH) return fallback;
  if (!candidate.startsWith("/") || hasControlCharacter(candidate)) return fallback;
  const resolved = sameOriginPath(candidate);
  if (resolved === null || resolved.startsWith("//") || resolved.includes("\\")) return fallback;
  return sameOriginPath(resolved) === resolved ? resolved : fallback;
}

/** What a page fetches in the background, and the page it serves: signing in again comes back to the page. */
const servedPages: ReadonlyMap<string, string> = new Map([
  [CAPTCHA_CHALLENGE_PATH, PASSWORD_UPDATE_PATH],
  [PASSWORD_PASSKEY_OPTIONS_PATH, PASSWORD_UPDATE_PATH],
  [PASSKEY_OPTIONS_PATH, FACTORS_PATH],
]);

export const servedPageOf = (pathname: string) => servedPages.get(pathname);
