import type { CaptchaVerifier } from "../captcha/altcha-verifier.ts";
import type { InteractionDeps } from "../interactions/deps.ts";
import type { LiveSessionDeps } from "../oidc/access-tokens.ts";
import type { SigningKeys } from "../oidc/signing-keys.ts";
import type { Account } from "../store/accounts.ts";
import type { PasswordUpdates } from "../store/password-updates.ts";
import type { PhoneChanges } from "../store/phone-changes.ts";
import type { Answer } from "./answers.ts";
import type { ListedWithdrawal } from "./results-withdrawals.ts";

/** The hosted pages' stores and settings, and what only the account API uses. */
export interface AccountApiDeps extends InteractionDeps, LiveSessionDeps {
  /** Signs the step-up proofs the results service asks for before a sensitive request. */
  keys: SigningKeys;
  resultsApiAudience: string;
  passwordUpdates: PasswordUpdates;
  /** Phone changes asked for without the old number's code, waiting out the cooling-off period. */
  phoneChanges: PhoneChanges;
  captcha: CaptchaVerifier;
  /**
   * The participant's withdrawal requests as the results service lists them, asked with the
   * participant's own access token; null when it does not answer.
   */
  withdrawals: (accountId: string, accessToken: string) => Promise<ListedWithdrawal[] | null>;
}

/** Who calls: the participant's account, the session (grant) their access token belongs to, and that token. */
export interface Caller {
  account: Account;
  grantId: string;
  accessToken: string;
}

export type Handlers = Record<string, (caller: Caller, body: unknown) => Promise<Answer>>;
