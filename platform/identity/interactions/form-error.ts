import type { IncomingMessage, ServerResponse } from "node:http";
import { signValue, verifySignedValue } from "../domain/signed-value.ts";
import { appendCookie, getCookie } from "../http/io.ts";
import type { MessageKey, Translate } from "../pages/i18n.ts";
import type { FieldError } from "../pages/parts.tsx";

export interface FormErrorMessage {
  field: string;
  key: MessageKey;
  vars?: Record<string, string | number>;
}

/**
 * A refused hosted form, kept for the page the browser is sent to next (post-redirect-get): reloading
 * that page shows the error again and posts nothing, so a reload is never another attempt (a wrong
 * password or code counted twice, a code sent twice). Holds what was typed except secrets, in a
 * signed cookie of this interaction's pages only; the messages are kept as keys, so the page can be
 * shown in the other language too.
 */
export interface FormError {
  uid: string;
  /** The step whose page shows it: another step's page ignores it. */
  step: string;
  status: number;
  errors: FormErrorMessage[];
  /** What was typed, except passwords and codes that were checked. */
  values: Record<string, string>;
  /** What else the page offers or holds back (the reset link, the security check, 'Resend code'). */
  flags: string[];
  /** A confirmation or a wait to show above the form instead of an error ('We sent a new code'). */
  notice?: FormErrorMessage;
}

const COOKIE = "idp_form_error";
const LIFETIME_SECONDS = 10 * 60;

export interface FormErrorSettings {
  cookieKeys: string[];
  secureCookies: boolean;
  now: () => Date;
}

const cookieOptions = (settings: FormErrorSettings, uid: string, maxAge: number) => ({
  path: `/interaction/${uid}`,
  httpOnly: true,
  sameSite: "lax" as const,
  secure: settings.secureCookies,
  maxAge,
});

export function keepFormError(res: ServerResponse, settings: FormErrorSettings, error: FormError): void {
  const value = signValue(settings.cookieKeys, { ...error, at: settings.now().getTime() });
  appendCookie(res, COOKIE, value, cookieOptions(settings, error.uid, LIFETIME_SECONDS));
}

/** The refusal this browser was sent here with, if it belongs to this interaction's `step` and is recent. */
export function formErrorOf(req: IncomingMessage, settings: FormErrorSettings, uid: string, step: string): FormError | null {
  const kept = verifySignedValue(settings.cookieKeys, getCookie(req, COOKIE)) as (FormError & { at: number }) | null;
  if (!kept || kept.uid !== uid || kept.step !== step || settings.now().getTime() - kept.at > LIFETIME_SECONDS * 1000) return null;
  return kept;
}

export function forgetFormError(req: IncomingMessage, res: ServerResponse, settings: FormErrorSettings, uid: string): void {
  if (getCookie(req, COOKIE) !== undefined) appendCookie(res, COOKIE, "", cookieOptions(settings, uid, 0));
}

export function translatedErrors(t: Translate, error: FormError): FieldError[] {
  return error.errors.map((each) => ({ field: each.field, message: t(each.key, each.vars) }));
}
