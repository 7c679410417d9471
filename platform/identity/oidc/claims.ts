import type { Account } from "../store/accounts.ts";

/** Which claims each scope releases (id token, userinfo). `uid` is the id the results service keys on. */
export const OIDC_CLAIMS = {
  openid: ["sub", "uid", "acr", "amr", "auth_time"],
  email: ["email", "email_verified"],
  // ui_locales: only in the ID token of a sign-in finished in another language than the client asked for.
  profile: ["given_name", "middle_name", "family_name", "name", "locale", "ui_locales"],
};

export function accountClaims(account: Account) {
  return {
    sub: account.id,
    uid: account.id,
    email: account.email,
    email_verified: account.emailVerified,
    given_name: account.firstName,
    middle_name: account.middleName ?? undefined,
    family_name: account.lastName,
    name: [account.firstName, account.middleName, account.lastName].filter(Boolean).join(" "),
    locale: account.locale,
  };
}

/** The claims `scope` releases, for answering userinfo ourselves with a results-API access token. */
export function claimsForScope(account: Account, scope: string): Record<string, unknown> {
  const scopes = scope.split(" ");
  const all = accountClaims(account) as Record<string, unknown>;
  const names = Object.entries(OIDC_CLAIMS).flatMap(([name, claims]) => (scopes.includes(name) ? claims : []));
  return { ...Object.fromEntries(names.filter((claim) => all[claim] !== undefined).map((claim) => [claim, all[claim]])), sub: account.id };
}
