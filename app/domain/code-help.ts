import type { AuthMethod } from "./auth-code";
import type { SignInFactors } from "./sign-in-factor-forms";

/** A way to confirm it is them other than the code that did not arrive. */
export type OtherWay = "sms" | "voice" | "totp" | "passkey" | "recovery";

/** The participant's other ways, from their sign-in methods: only the ones they have, never the one in use. */
export function otherWaysOf(factors: SignInFactors | null, current: AuthMethod): OtherWay[] {
  if (!factors) return [];
  const ways: OtherWay[] = [
    ...(factors.phone ? factors.phoneMethods : []),
    ...(factors.totp ? (["totp"] as const) : []),
    ...(factors.passkeys.length > 0 ? (["passkey"] as const) : []),
    ...(factors.recoveryCodesLeft > 0 ? (["recovery"] as const) : []),
  ];
  return ways.filter((way) => way !== current);
}

/**
 * NIST SP 800-63B-4 restricts codes by text and call: a participant who has nothing else (no app, no
 * passkey) is told so and offered one.
 */
export const reliesOnPhoneAlone = (factors: SignInFactors) => !factors.totp && factors.passkeys.length === 0;
