import { signValue, verifySignedValue } from "../domain/signed-value.ts";
import type { Locale } from "../pages/i18n.ts";

/**
 * The token in an unsubscribe link: the participant's id and the version of her e-mail choices the
 * e-mail was sent under (when they last changed, 0 before any), signed with a key only this service
 * holds, so a link can only ever change the preferences of the participant it was sent to. It does
 * not expire (RFC 8058 links must keep working for as long as the e-mail is kept), but once she has
 * changed her choices since, a kept link changes nothing: it cannot turn e-mails off that she turned
 * back on.
 */
const PURPOSE = "kit-step-unsubscribe";

export function unsubscribeToken(keys: readonly string[], accountId: string, choicesVersion = 0): string {
  return signValue(keys, { a: accountId, p: PURPOSE, v: choicesVersion });
}

/** The participant a token names and the version of her choices it was issued under, or null for a token not ours. */
export function unsubscribeClaim(keys: readonly string[], token: string | null | undefined): { accountId: string; version: number } | null {
  if (!token || token.length > 1000) return null;
  const value = verifySignedValue(keys, token) as { a?: unknown; p?: unknown; v?: unknown } | null;
  if (!value || value.p !== PURPOSE || typeof value.a !== "string" || value.a.length === 0) return null;
  return { accountId: value.a, version: typeof value.v === "number" ? value.v : 0 };
}

export const UNSUBSCRIBE_PATH = "/notifications/unsubscribe";

export function unsubscribeUrl(issuer: string, keys: readonly string[], accountId: string, locale: Locale, choicesVersion: number): string {
  return `${issuer.replace(/\/$/, "")}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(keys, accountId, choicesVersion))}&lang=${locale}`;
}
