import type { IncomingMessage, ServerResponse } from "node:http";
import type { HumanCheckAnswer, HumanCheckForm } from "../captcha/human-check.ts";
import type { FormProblem } from "../domain/account-forms.ts";
import { signValue, verifySignedValue } from "../domain/signed-value.ts";
import { appendCookie, getCookie, redirect } from "../http/io.ts";
import { humanCheckError } from "../pages/human-check-field.tsx";
import type { MessageKey, Translate } from "../pages/i18n.ts";
import type { FieldError } from "../pages/parts.tsx";
import type { CheckResult, SendResult } from "../store/verifications.ts";
import type { InteractionDeps } from "./deps.ts";

/**
 * A refused hosted form, kept in a signed cookie of this interaction's pages for the page shown next
 * (post-redirect-get: a reload is never another attempt). Messages are kept as keys, so the page can be
 * shown in the other language too.
 */
export interface FormError {
  uid: string;
  /** The step whose page shows it: another step's page ignores it. */
  step: string;
  status: number;
  errors: FormProblem[];
  /** What was typed, except passwords and codes that were checked. */
  values: Record<string, string>;
  /** What else the page offers or holds back (the reset link, the security check, 'Resend code'). */
  flags: string[];
  /** A confirmation or a wait to show above the form instead of an error ('We sent a new code'). */
  notice?: FormProblem;
}

const COOKIE = "idp_form_error";
const LIFETIME_SECONDS = 10 * 60;

type FormErrorSettings = Pick<InteractionDeps, "cookieKeys" | "secureCookies" | "now">;

const cookieOptions = (settings: FormErrorSettings, uid: string, maxAge: number) => ({
  path: `/interaction/${uid}`,
  httpOnly: true,
  sameSite: "lax" as const,
  secure: settings.secureCookies,
  maxAge,
});

/** What a refusal holds; nothing else is kept, and its page answers 400 unless it says otherwise. */
export type Refusal = Partial<Omit<FormError, "uid" | "step">>;

/** Keeps the refusal for `step`'s page and sends the browser there: a reload shows it again and posts nothing. */
export function refuseTo(
  res: ServerResponse,
  settings: FormErrorSettings,
  uid: string,
  step: string,
  href: string,
  refusal: Refusal,
): void {
  const error: FormError = { uid, step, status: 400, errors: [], values: {}, flags: [], ...refusal };
  const value = signValue(settings.cookieKeys, { ...error, at: settings.now().getTime() });
  appendCookie(res, COOKIE, value, cookieOptions(settings, uid, LIFETIME_SECONDS));
  redirect(res, href);
}

/** The refusal this browser was sent here with, if it belongs to this interaction's `step` and is recent. */
export function formErrorOf(req: IncomingMessage, settings: FormErrorSettings, uid: string, step: string): FormError | null {
  const kept = verifySignedValue(settings.cookieKeys, getCookie(req, COOKIE)) as (FormError & { at: number }) | null;
  if (!kept || kept.uid !== uid || kept.step !== step || settings.now().getTime() - kept.at > LIFETIME_SECONDS * 1000) return null;
  return kept;
}

/** A security check not passed: asked too early, the page keeps the ticket that was sent, so its wait goes on. */
export function checkRefused(answer: HumanCheckAnswer, form: HumanCheckForm): Refusal {
  const tooSoon = answer === "too-soon";
  return {
    status: 429,
    errors: [{ field: "humanCheck", key: tooSoon ? "humanCheck.tooSoon" : "humanCheck.needed" }],
    values: tooSoon ? { humanCheckTicket: form.humanCheckTicket ?? "" } : {},
    flags: ["humanCheck"],
  };
}

export function forgetFormError(req: IncomingMessage, res: ServerResponse, settings: FormErrorSettings, uid: string): void {
  if (getCookie(req, COOKIE) !== undefined) appendCookie(res, COOKIE, "", cookieOptions(settings, uid, 0));
}

/** The kept messages, translated; `check`: the security check's button and the seconds its ticket still waits. */
export function translatedErrors(t: Translate, error: FormError, check?: { button: string; seconds: number }): FieldError[] {
  return error.errors.map((each) => ({
    field: each.field,
    message: check ? humanCheckError(t, each.key, { ...check, ...each.vars }) : t(each.key, each.vars),
  }));
}

/** Why a typed code did not pass; one that cannot pass (used up, missing, not this flow's to pass) has no tries left. */
export function codeRefusalKey(result: CheckResult): MessageKey {
  if (result === "expired") return "challenge.codeExpired";
  return result === "wrong" ? "challenge.codeWrong" : "challenge.codeExhausted";
}

export function keptAnswer(t: Translate, kept: FormError | null) {
  if (!kept) return {};
  return {
    status: kept.status,
    errors: translatedErrors(t, kept),
    message: kept.notice ? t(kept.notice.key, kept.notice.vars) : undefined,
    code: kept.values.code,
    resendRefused: kept.flags.includes("resendRefused"),
  };
}

/** Why no code went out, as a message key and its values: too soon after the last one, or a sending budget is spent. */
export function notSentError(sent: Extract<SendResult, { ok: false }>): { key: MessageKey; vars: Record<string, number> } {
  if (sent.reason === "budget")
    return { key: "send.budgetExhausted", vars: { minutes: Math.max(1, Math.ceil(sent.retryAfterSeconds / 60)) } };
  return { key: "challenge.resendWait", vars: { seconds: sent.retryAfterSeconds } };
}

/** The code page's answer to 'Resend code': sent, too soon (a notice), or a spent budget (an error, and 'Resend code' not offered again). */
export function resendAnswer(sent: SendResult): Refusal {
  if (sent.ok) return { status: 200, notice: { field: "code", key: "challenge.resent" } };
  if (sent.reason === "budget") return { status: 429, errors: [{ field: "code", ...notSentError(sent) }], flags: ["resendRefused"] };
  return { status: 429, notice: { field: "code", ...notSentError(sent) } };
}
