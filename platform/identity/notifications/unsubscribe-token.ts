import { signValue, verifySignedValue } from "../domain/signed-value.ts";

/**
 * The token in an unsubscribe link: the participant's id, signed with a key only this service holds,
 * so a link can only ever change the preferences of the participant it was sent to. It does not
 * expire: RFC 8058 links must keep working for as long as the e-mail is kept.
 */
const PURPOSE = "kit-step-unsubscribe";

export function unsubscribeToken(keys: readonly string[], accountId: string): string {
  return signValue(keys, { a: accountId, p: PURPOSE });
}

export function accountOfUnsubscribeToken(keys: readonly string[], token: string | null | undefined): string | null {
  if (!token || token.length > 1000) return null;
  const value = verifySignedValue(keys, token) as { a?: unknown; p?: unknown } | null;
  return value && value.p === PURPOSE && typeof value.a === "string" && value.a.length > 0 ? value.a : null;
}

export const UNSUBSCRIBE_PATH = "/notifications/unsubscribe";

export function unsubscribeUrl(issuer: string, keys: readonly string[], accountId: string, locale: "en" | "es"): string {
  return `${issuer.replace(/\/$/, "")}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(keys, accountId))}&lang=${locale}`;
}
