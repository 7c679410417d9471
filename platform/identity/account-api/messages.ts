import { MIN_PASSWORD_LENGTH } from "../domain/password-policy.ts";

/**
 * The account API's errors: each answer carries a stable `errorCode` (a key of this table), the values
 * its text needs (`errorValues`) and the English `errorMessage`. The portal shows its own translated
 * text for each code (its catalogs' `accountErrors`), never this English.
 */
export const API_MESSAGES = {
  unauthorized: "A valid access token is required.",
  sessionExpired: "session has expired",
  noTransaction: "No password update is in progress. Start again.",
  wrongStep: "This step is not available now. Start again.",
  noPhone: "Your account has no phone number for verification. Please contact support to update your password.",
  captchaInvalid: "Captcha verification failed. Please try again.",
  tooManyRecoveries: "Too many password update attempts. Please try again later.",
  methodInvalid: "Choose Text Message (sms) or Voice Call (voice).",
  methodUnsupported: "Your phone number cannot receive codes this way. Choose another method.",
  codeRequired: "Authentication code not entered",
  codeInvalid: "Invalid code. Please try again.",
  codeUsed: "This code was already used. Wait for the next one.",
  codeExhausted: "Too many incorrect codes. This code no longer works; please request a new code.",
  codeExpired: "This code has expired. Please request a new code.",
  tooManyCodeFailures: "Too many incorrect codes. Please try again later.",
  resendWait: "Please wait {seconds} seconds before requesting a new code.",
  sendingBudget: "We cannot send codes right now. Please try again in {minutes} minutes.",
  passwordRequired: "Enter a password",
  passwordTooShort: `Your password needs to be ${MIN_PASSWORD_LENGTH} or more characters`,
  passwordCommon: "The password is too easy to guess, please try another one: this password was found in a list of commonly used passwords",
  passwordUnchanged: "The new password must be different from your current password",
  noVerification: "No verification is in progress. Ask for a new code.",
  purposeInvalid: "This verification is not for a request the portal makes.",
  referenceInvalid: "This is not a request reference.",
  tooManyNotices: "Too many notices were sent. Please try again later.",
  tryAgainLater: "This cannot be done right now. Please try again in a few minutes.",
  freshVerificationRequired: "Confirm it's you with a code first.",
  lastFactor: "This is your only way to confirm it's you; add another before removing it.",
  totpExists: "An authenticator app is already set up.",
  totpMissing: "No authenticator app is set up.",
  passkeyInvalid: "The passkey could not be used. Please try again.",
  noPasskey: "No passkey is set up.",
  phoneInvalid: "Enter a valid phone number.",
  recoveryNotForDownload: "A recovery code cannot release raw genetic data. Use a code by text or call, the app or a passkey.",
  phoneNotReached: "We could not send a text to this number. Check it, or enter another number.",
  oldPhoneRequired: "Confirm it's you with a code sent to your current phone number first.",
  badRequest: "The request could not be read.",
  notFound: "Not found.",
} as const;

export type ApiErrorCode = keyof typeof API_MESSAGES;
