import type { IncomingMessage, ServerResponse } from "node:http";
import { signValue, verifySignedValue } from "../domain/signed-value.ts";
import { appendCookie, getCookie } from "../http/io.ts";

// __Host- pins the cookie to this exact origin over HTTPS.
const cookieName = (secure: boolean) => (secure ? "__Host-idp_device" : "idp_device");

/** True when this browser passed MFA for `accountId` with "Remember me" ticked, within 30 days. */
export function isRememberedDevice(req: IncomingMessage, keys: string[], accountId: string, secure: boolean, now: Date): boolean {
  const value = verifySignedValue(keys, getCookie(req, cookieName(secure))) as { a?: unknown; e?: unknown } | null;
  return value?.a === accountId && typeof value.e === "number" && value.e > now.getTime();
}

export function rememberDevice(res: ServerResponse, keys: string[], accountId: string, secure: boolean, now: Date): void {
  const maxAge = 30 * 24 * 3600;
  const value = signValue(keys, { a: accountId, e: now.getTime() + maxAge * 1000 });
  appendCookie(res, cookieName(secure), value, { path: "/", httpOnly: true, sameSite: "lax", secure, maxAge });
}
