/**
 * SPEC.md §8, the password update rows: which words the participant sees for each failure the
 * account API reports. Keys are in the profile namespace.
 */
export type PasswordUpdateNotice = { titleKey: string; bodyKey?: string; bodyText?: string };

export type PasswordUpdateFailure =
  | { kind: "session-expired" }
  | { kind: "notice"; notice: PasswordUpdateNotice }
  | { kind: "field"; field: "authCode" | "password"; messageKey: string };

export const SESSION_EXPIRED_MESSAGE = "session has expired";
const INVALID_CODE = "invalid code";
const COMMON_PASSWORD = "this password was found in a list of commonly used passwords";
const UNCHANGED_PASSWORD = "must be different from your current password";

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

function isSessionExpired(message: string | undefined): boolean {
  return (message ?? "").trim().toLowerCase() === SESSION_EXPIRED_MESSAGE;
}

const updatePasswordError = (message: string | undefined): PasswordUpdateFailure =>
  message
    ? { kind: "notice", notice: { titleKey: noticeKeys.updatePasswordError, bodyText: message } }
    : { kind: "notice", notice: { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.niceBody } };

/** Start (recover password): 'session has expired' shows the expired screen, anything else updatePasswordError. */
export function recoveryFailure(message: string | undefined): PasswordUpdateFailure {
  return isSessionExpired(message) ? { kind: "session-expired" } : updatePasswordError(message);
}

/** Pick step: a failed send shows updatePasswordError with the returned message. */
export function sendCodeFailure(message: string | undefined): PasswordUpdateFailure {
  return isSessionExpired(message) ? { kind: "session-expired" } : updatePasswordError(message);
}

/** Code step: an answer containing 'invalid code' is an inline error on the code field. */
export function submitCodeFailure(message: string | undefined): PasswordUpdateFailure {
  if (isSessionExpired(message)) return { kind: "session-expired" };
  if ((message ?? "").toLowerCase().includes(INVALID_CODE))
    return { kind: "field", field: "authCode", messageKey: noticeKeys.invalidCodeInline };
  return updatePasswordError(message);
}

/** Resend: updatePasswordError with the nice body and its support link. */
export function resendFailure(message: string | undefined): PasswordUpdateFailure {
  if (isSessionExpired(message)) return { kind: "session-expired" };
  return { kind: "notice", notice: { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.niceBody } };
}

/** New password: a common password or the current one is an inline error; anything else the 'Having Trouble' notice. */
export function updatePasswordFailure(message: string | undefined): PasswordUpdateFailure {
  if (isSessionExpired(message)) return { kind: "session-expired" };
  const said = (message ?? "").toLowerCase();
  if (said.includes(COMMON_PASSWORD)) return { kind: "field", field: "password", messageKey: noticeKeys.commonPassword };
  if (said.includes(UNCHANGED_PASSWORD)) return { kind: "field", field: "password", messageKey: noticeKeys.unchangedPassword };
  return { kind: "notice", notice: { titleKey: noticeKeys.troubleTitle, bodyKey: noticeKeys.niceBody } };
}

/** A nextStep the portal does not know: the generic error. */
export const unexpectedStepFailure: PasswordUpdateFailure = {
  kind: "notice",
  notice: { titleKey: noticeKeys.updatePasswordError, bodyKey: noticeKeys.genericError },
};
