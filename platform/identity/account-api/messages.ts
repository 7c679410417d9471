import { MIN_PASSWORD_LENGTH } from "../domain/password-policy.ts";

/** Texts of the account API's errorMessage field (English; the portal maps them to its own locale). */
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
  codeExhausted: "Too many incorrect codes. This code no longer works; please request a new code.",
  codeExpired: "This code has expired. Please request a new code.",
  tooManyCodeFailures: "Too many incorrect codes. Please try again later.",
  resendWait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
  sendingBudget: (minutes: number) => `We cannot send codes right now. Please try again in ${minutes} minutes.`,
  passwordRequired: "Enter a password",
  passwordTooShort: `Your password needs to be ${MIN_PASSWORD_LENGTH} or more characters`,
  passwordCommon: "The password is too easy to guess, please try another one: this password was found in a list of commonly used passwords",
  passwordUnchanged: "The new password must be different from your current password",
  badRequest: "The request could not be read.",
  notFound: "Not found.",
};
