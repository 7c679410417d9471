import type Provider from "oidc-provider";
import type { Logger } from "pino";
import type { HumanCheck } from "../captcha/human-check.ts";
import type { RelyingParty } from "../domain/passkey-ceremonies.ts";
import type { TrustedProxies } from "../http/io.ts";
import type { AccountFlows } from "../store/account-flows.ts";
import type { AccountStore } from "../store/accounts.ts";
import type { FactorStore } from "../store/factors.ts";
import type { Outbox } from "../store/outbox.ts";
import type { PasskeyStore } from "../store/passkeys.ts";
import type { PasswordFailures } from "../store/password-failures.ts";
import type { SendingBudget } from "../store/sending-budget.ts";
import type { SignInLanguages } from "../store/sign-in-languages.ts";
import type { SignInStates } from "../store/sign-in-states.ts";
import type { Throttle } from "../store/throttle.ts";
import type { Verifications } from "../store/verifications.ts";
import type { PhoneChangeSettler } from "./phone-change-settler.ts";

export interface InteractionDeps {
  provider: Provider;
  accounts: AccountStore;
  /** Registration, recovery and unlock in progress. */
  accountFlows: AccountFlows;
  signInStates: SignInStates;
  /** A language chosen on the hosted pages, kept for the client until it exchanges its code. */
  signInLanguages: SignInLanguages;
  factors: FactorStore;
  passkeys: PasskeyStore;
  relyingParty: RelyingParty;
  outbox: Outbox;
  verifications: Verifications;
  throttle: Throttle;
  /** Consecutive wrong passwords per account, and the cap after which only a reset lets the password in again. */
  passwordFailures: PasswordFailures;
  /** Signing keys of the hosted pages' cookies (a refused form is kept in one for the page shown next). */
  cookieKeys: string[];
  secureCookies: boolean;
  /** The URL browsers use for this provider: e-mailed links start with it. */
  issuer: string;
  portalUrl: string;
  now: () => Date;
  logger: Logger;
  /** Waits before answering; tests pass one that records instead of waiting. */
  slowDown: (ms: number) => Promise<void>;
  sendingBudget: SendingBudget;
  /** The escalation when failures pile up, and before every recovery or unlock code: proof of work, or a wait without JavaScript. */
  humanCheck: HumanCheck;
  /** Proxies believed about the client address (none by default). */
  trustedProxies: TrustedProxies;
  registrationEnabled: boolean;
  selfServiceUnlockEnabled: boolean;
  /** Applies the participant's requested phone change at sign-in once its cooling-off period is over. */
  phoneChangeSettler: PhoneChangeSettler;
}

export const SIGN_IN_STATE_TTL_MS = 30 * 60_000;

/** Failed passwords: per account (as typed, so unknown e-mails are limited the same way) and per client address. */
export const ACCOUNT_SIGN_IN_LIMIT = { max: 10, windowMs: 15 * 60_000 };
export const ADDRESS_SIGN_IN_LIMIT = { max: 50, windowMs: 15 * 60_000 };
export const ADDRESS_SLOWDOWN_MS = 2000;

/** Wrong authenticator-app codes per account (the same budget as SMS codes), and wrong recovery codes. */
export const TOTP_FAILURE_LIMIT = { max: 80, windowMs: 30 * 24 * 60 * 60_000 };
export const RECOVERY_FAILURE_LIMIT = { max: 20, windowMs: 30 * 24 * 60 * 60_000 };

export const signInFlowKey = (uid: string) => `sign-in:${uid}`;
export const enrolFlowKey = (uid: string) => `enrol:${uid}`;
