import type { IncomingMessage, ServerResponse } from "node:http";
import { signValue, verifySignedValue } from "../../domain/signed-value.ts";
import { appendCookie, getCookie } from "../../http/io.ts";
import type { MessageKey } from "../../pages/i18n.ts";

/**
 * A refused sign-in form, kept for the page the browser is sent to (post-redirect-get): reloading
 * that page shows the error again and posts nothing, so it is never another attempt. Holds what was
 * typed except the password, in a signed cookie of this interaction's pages only.
 */
export interface IdentifyError {
  uid: string;
  status: number;
  errors: { field: string; key: MessageKey }[];
  username: string;
  remember: boolean;
  /** Past the password-failure cap: the page links to 'Forgot password?' under the error. */
  passwordCapped: boolean;
  /** The security check is asked for with the next attempt. */
  humanCheck: boolean;
}

const COOKIE = "idp_sign_in_error";
const LIFETIME_SECONDS = 10 * 60;

interface CookieSettings {
  cookieKeys: string[];
  secureCookies: boolean;
  now: () => Date;
}

const cookieOptions = (settings: CookieSettings, uid: string, maxAge: number) => ({
  path: `/interaction/${uid}`,
  httpOnly: true,
  sameSite: "lax" as const,
  secure: settings.secureCookies,
  maxAge,
});

export function keepIdentifyError(res: ServerResponse, settings: CookieSettings, error: IdentifyError): void {
  const value = signValue(settings.cookieKeys, { ...error, at: settings.now().getTime() });
  appendCookie(res, COOKIE, value, cookieOptions(settings, error.uid, LIFETIME_SECONDS));
}

export function identifyErrorOf(req: IncomingMessage, settings: CookieSettings, uid: string): IdentifyError | null {
  const kept = verifySignedValue(settings.cookieKeys, getCookie(req, COOKIE)) as (IdentifyError & { at: number }) | null;
  if (!kept || kept.uid !== uid || settings.now().getTime() - kept.at > LIFETIME_SECONDS * 1000) return null;
  return kept;
}

export function forgetIdentifyError(req: IncomingMessage, res: ServerResponse, settings: CookieSettings, uid: string): void {
  if (getCookie(req, COOKIE) !== undefined) appendCookie(res, COOKIE, "", cookieOptions(settings, uid, 0));
}
