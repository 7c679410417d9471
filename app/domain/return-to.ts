const PLACEHOLDER_ORIGIN = "http://portal.invalid";
const MAX_LENGTH = 2048;

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function sameOriginPath(candidate: string): string | null {
  try {
    const resolved = new URL(candidate, PLACEHOLDER_ORIGIN);
    return resolved.origin === PLACEHOLDER_ORIGIN ? `${resolved.pathname}${resolved.search}${resolved.hash}` : null;
  } catch {
    return null;
  }
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
