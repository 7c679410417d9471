import { accountErrors } from "~/locales/en/profile.json";
import type { AuthMethod } from "./auth-code";
import { codeFieldError, type VerificationNotice } from "./verification";

/** SPEC.md §8, the password update rows: the words (profile namespace) for each failure the account API reports. */

/** The account API's error codes (platform/identity/account-api/messages.ts), each worded in both catalogs. */
export const ACCOUNT_ERROR_CODES = Object.keys(accountErrors) as (keyof typeof accountErrors)[];

type AccountErrorCode = keyof typeof accountErrors;

/** What a failed account API call said: a stable code (and the values its text needs), else only a message. */
export type AccountApiFailure = { errorCode?: string; errorMessage?: string; errorValues?: Record<string, number> };

function knownCode(failure: AccountApiFailure): AccountErrorCode | null {
  const code = failure.errorCode;
  return code && (ACCOUNT_ERROR_CODES as readonly string[]).includes(code) ? (code as AccountErrorCode) : null;
}

export type PasswordUpdateFailure =
  | { kind: "session-expired" }
  | { kind: "notice"; notice: VerificationNotice }
  | { kind: "field"; field: "authCode" | "password"; messageKey: string };

export const noticeKeys = {
  updatePasswordError: "errors.updatePasswordError",
  niceBody: "errors.updatePasswordErrorNiceBody",
  troubleTitle: "errors.troubleTitle",
  genericError: "errors.generic",
  invalidCodeInline: "code.errors.invalid",
  commonPassword: "newPassword.errors.common",
  unchangedPassword: "newPassword.errors.unchanged",
  resendLocked: "code.resendLocked",
} as const;

function isSessionExpired(failure: AccountApiFailure): boolean {
  return knownCode(failure) === "sessionExpired" || (failure.errorMessage ?? "").trim().toLowerCase() === "session has expired";
}

/**
 * SPEC.md §8 'updatePasswordError with the returned message': the message is the portal's own text for
 * the answer's code, in the page's language; only an answer without a known code shows its words as sent.
 */
function updatePasswordError(failure: AccountApiFailure): PasswordUpdateFailure {
  const code = knownCode(failure);
  const titleKey = noticeKeys.updatePasswordError;
  const notice: VerificationNotice = code
    ? { titleKey, bodyKey: `accountErrors.${code}`, values: failure.errorValues }
    : failure.errorMessage
      ? { titleKey, bodyText: failure.errorMessage }
      : { titleKey, bodyKey: noticeKeys.niceBody };
  return { kind: "notice", notice };
}

/** Start (recover password): 'session has expired' shows the expired screen, anything else updatePasswordError. */
export function recoveryFailure(failure: AccountApiFailure): PasswordUpdateFailure {
  return isSessionExpired(failure) ? { kind: "session-expired" } : updatePasswordError(failure);
}

/** Pick step: a failed send, as the start's (updatePasswordError with the returned message). */
export const sendCodeFailure = recoveryFailure;

/** Code step: a wrong code (an answer containing 'invalid code') or an app code used before is an inline error on the code field. */
export function submitCodeFailure(failure: AccountApiFailure, method: AuthMethod = "sms"): PasswordUpdateFailure {
  if (isSessionExpired(failure)) return { kind: "session-expired" };
  const fieldError = codeFieldError(knownCode(failure) ?? undefined, method);
  if (fieldError) return { kind: "field", field: "authCode", messageKey: fieldError };
  if ((failure.errorMessage ?? "").toLowerCase().includes("invalid code"))
    return { kind: "field", field: "authCode", messageKey: noticeKeys.invalidCodeInline };
  return updatePasswordError(failure);
}

/** Resend: updatePasswordError with the nice body and its support link. */
export function resendFailure(failure: AccountApiFailure): PasswordUpdateFailure {
  if (isSessionExpired(failure)) return { kind: "session-expired" };
  return { kind: "notice", notice: { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.niceBody } };
}

/** New password: a common password or the current one is an inline error; anything else the 'Having Trouble' notice. */
export function updatePasswordFailure(failure: AccountApiFailure): PasswordUpdateFailure {
  if (isSessionExpired(failure)) return { kind: "session-expired" };
  const code = knownCode(failure);
  const said = (failure.errorMessage ?? "").toLowerCase();
  if (code === "passwordCommon" || said.includes("this password was found in a list of commonly used passwords"))
    return { kind: "field", field: "password", messageKey: noticeKeys.commonPassword };
  if (code === "passwordUnchanged" || said.includes("must be different from your current password"))
    return { kind: "field", field: "password", messageKey: noticeKeys.unchangedPassword };
  return { kind: "notice", notice: { titleKey: noticeKeys.troubleTitle, bodyKey: noticeKeys.niceBody } };
}

/** A nextStep the portal does not know: the generic error. */
export const unexpectedStepFailure: PasswordUpdateFailure = {
  kind: "notice",
  notice: { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.genericError },
};
