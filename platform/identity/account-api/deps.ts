import type { CaptchaVerifier } from "../captcha/verifier.ts";
import type { RelyingParty } from "../domain/passkey-ceremonies.ts";
import type { PhoneChangeSettler } from "../interactions/phone-change-settler.ts";
import type { VerifiedAccessToken } from "../oidc/access-tokens.ts";
import type { SigningKeys } from "../oidc/signing-keys.ts";
import type { Account, AccountStore } from "../store/accounts.ts";
import type { FactorStore } from "../store/factors.ts";
import type { Outbox } from "../store/outbox.ts";
import type { PasskeyStore } from "../store/passkeys.ts";
import type { PasswordUpdates } from "../store/password-updates.ts";
import type { PhoneChanges } from "../store/phone-changes.ts";
import type { SendingBudget } from "../store/sending-budget.ts";
import type { Throttle } from "../store/throttle.ts";
import type { Verifications } from "../store/verifications.ts";
import type { Answer } from "./answers.ts";
import type { ListedWithdrawal } from "./results-withdrawals.ts";

export interface AccountApiDeps {
  accounts: AccountStore;
  factors: FactorStore;
  passkeys: PasskeyStore;
  sendingBudget: SendingBudget;
  relyingParty: RelyingParty;
  outbox: Outbox;
  /** Signs the step-up proofs the results service asks for before a sensitive request. */
  keys: SigningKeys;
  issuer: string;
  resultsApiAudience: string;
  portalUrl: string;
  passwordUpdates: PasswordUpdates;
  verifications: Verifications;
  /** Phone changes asked for without the old number's code, waiting out the cooling-off period. */
  phoneChanges: PhoneChanges;
  phoneChangeSettler: PhoneChangeSettler;
  throttle: Throttle;
  captcha: CaptchaVerifier;
  verifyAccessToken: (token: string) => Promise<VerifiedAccessToken | null>;
  /**
   * The participant's withdrawal requests as the results service lists them, asked with the
   * participant's own access token; null when it does not answer.
   */
  withdrawals: (accountId: string, accessToken: string) => Promise<ListedWithdrawal[] | null>;
  /** Whether the token's grant still stands (not revoked by sign-out, not ended by a new password). */
  grantIsLive: (grantId: string, accountId: string) => Promise<boolean>;
  now: () => Date;
}

/** Who calls: the participant's account, the session (grant) their access token belongs to, and that token. */
export interface Caller {
  account: Account;
  grantId: string;
  accessToken: string;
}

export type Handlers = Record<string, (caller: Caller, body: unknown) => Promise<Answer>>;
