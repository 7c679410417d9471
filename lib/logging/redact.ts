/**
 * What any log line of the portal may carry: free text and paths pass through these first. Shared by
 * the portal's logger and the server file's request log.
 */

const REDACTED = "[redacted]";

const jwtShaped = /\beyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;
const bearerValue = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
const secretAssignment =
  /\b((?:[a-z_]*password|passwd|pwd|secret|client_secret|token|access_token|id_token|refresh_token|code|otp|auth_?code|verification_?code|captcha_?token|api_?key)["']?\s*[:=]\s*["']?)([^"'&\s,;}]+)/gi;
// Starts only where a local part can start, so a long run without "@" is scanned once, not once per character.
const emailAddress = /(?<![\w.%+-])[\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
// Phone numbers: seven or more digits, optionally with +, spaces, dots, dashes or brackets between them.
const phoneLike = /(?<![\w+])\+?\(?\d[\d\s().-]{5,}\d(?![\w])/g;
const codeLike = /(?<!\d)\d{5,6}(?!\d)/g;

/** Removes tokens, bearer values, passwords, codes, phone numbers and e-mail addresses from free text. */
export function redactText(text: string): string {
  return text
    .replace(jwtShaped, REDACTED)
    .replace(bearerValue, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(secretAssignment, (_match, name: string) => `${name}${REDACTED}`)
    .replace(emailAddress, REDACTED)
    .replace(phoneLike, (match) => (match.replace(/\D/g, "").length >= 7 ? REDACTED : match))
    .replace(codeLike, REDACTED);
}

/** redactText applied to every string inside a JSON-like value. */
export function redactValue<T>(value: T): T {
  if (typeof value === "string") return redactText(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactValue(item)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactValue(item)])) as T;
  }
  return value;
}

/** Longest path a log line keeps; junk requests cannot fill the log (or the error reporter's queue) with long ones. */
export const LOGGED_PATH_MAX = 200;

/** The path of a URL or request target, without its query string or fragment, cut to LOGGED_PATH_MAX characters. */
export function pathOnly(target: string): string {
  const path = URL.parse(target.split(/[?#]/, 1)[0] ?? "/", "http://portal.invalid")?.pathname ?? "/";
  return path.length > LOGGED_PATH_MAX ? `${path.slice(0, LOGGED_PATH_MAX)}…` : path;
}
