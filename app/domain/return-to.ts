/**
 * Only same-origin paths are accepted as a place to return to: anything that could leave the
 * portal (another host, a scheme, a protocol-relative or backslash trick) falls back to "/".
 */
export function safeReturnTo(candidate: unknown, fallback = "/"): string {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > 2048) return fallback;
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.includes("\\")) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return fallback;
  try {
    const base = "http://portal.invalid";
    const resolved = new URL(candidate, base);
    if (resolved.origin !== base) return fallback;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
}
