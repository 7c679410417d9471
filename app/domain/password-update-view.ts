import type { PasswordUpdateStep } from "~/domain/password-update-steps";
import type { CodeStepView, StepAnswer } from "~/domain/verification";

/** What the password-update route's loader hands each step. */
export type StepView = CodeStepView & {
  step: PasswordUpdateStep;
  codeDigits: number;
  /** When the current code went out (its resend lock's start): a new code renders a new, clean code form. */
  codeSentAt: number;
  /** The pick step also offers the authenticator app (the participant has one set up). */
  appAvailable: boolean;
  /** …and a passkey instead of a code (shown only where the browser can use one). */
  passkeyAvailable: boolean;
  /** The account the new password is for, for password managers (a hidden username field). */
  username: string;
  /** What the step's last POST answered, shown once on the page it redirected to. */
  reply?: StepAnswer;
};

export const PASSWORD_UPDATE_PATH = "/profile/security/password";
export const SECURITY_PATH = "/profile/security";
/** The invisible captcha's challenge, fetched by Login & Security before a password update starts. */
export const CAPTCHA_CHALLENGE_PATH = "/profile/security/captcha";
export const PASSWORD_PASSKEY_OPTIONS_PATH = "/profile/security/password/passkey-options";
