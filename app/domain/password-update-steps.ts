import type { AuthMethod } from "./auth-code";

/** SPEC.md §4 'Password update flow'. */
export type PasswordUpdateStep = "mfa-verification-pick" | "mfa-verification-code" | "new-password";

/** What the server remembers about one participant's password update: the browser never holds it. */
export type PasswordUpdateState = {
  step: PasswordUpdateStep;
  phoneNumber: string;
  method?: AuthMethod;
  resendAvailableAt?: number;
  /** Recorded before the new password is sent, so an attempt cut off mid-call can be asked about. */
  passwordAttempt?: string;
  /** The last POST's answer, shown once on the page it redirected to (verification.server.ts). */
  keptReply?: unknown;
};

/** The identity provider's nextStep names the portal's step; anything else is a generic error. */
export function stepForNextStep(nextStep: string | undefined): PasswordUpdateStep | null {
  switch (nextStep) {
    case "authenticator-verification-data":
      return "mfa-verification-pick";
    case "challenge-authenticator":
      return "mfa-verification-code";
    case "reset-authenticator":
      return "new-password";
    default:
      return null;
  }
}
