import { randomPKCECodeVerifier } from "openid-client";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { formEncoded } from "~/domain/client-credentials";
import { AuthFlowError, checkFreshAuthentication, showsSecondFactor } from "~/domain/oidc-checks";
import { toLanguage, type Language } from "~/i18n/languages";
import { cookieSecurity } from "./cookie-security.server";
import { env } from "./env.server";
import {
  createState,
  identityProviderReachable,
  idpMetadata,
  nonceForState,
  SIGN_IN_ANSWER_BUDGET_MS,
  signInStartedAt,
  verifyIdToken,
  withinBudget,
  type TokenSet,
} from "./idp.server";
import { supported } from "./language.server";

export const TRANSACTION_COOKIE = "portal_oauth";

export type SignedInParticipant = TokenSet & {
  userId: string;
  email: string | null;
  nameFromIdToken: string | null;
  /** The language of the participant's profile at the identity provider (the id token's `locale`), when the portal has it. */
  profileLanguage: Language | null;
  /**
   * The language the participant chose on the hosted sign-in pages, when it is not the one the portal
   * asked for (the id token's `ui_locales`, only then): it becomes the portal's.
   */
  chosenLanguage: Language | null;
  /** Signed in with a recovery code (amr 'rec'): the participant is asked to review their sign-in methods. */
  usedRecoveryCode: boolean;
};

/** Authorization code + PKCE S256 with a 64-character state, a nonce bound to it, and ui_locales. */
class PortalOidcStrategy extends OAuth2Strategy<SignedInParticipant> {
  protected override createAuthorizationURL() {
    const state = createState();
    const codeVerifier = randomPKCECodeVerifier();
    const url = this.client.createAuthorizationURLWithPKCE(
      this.options.authorizationEndpoint.toString(),
      state,
      CodeChallengeMethod.S256,
      codeVerifier,
      this.options.scopes ?? [],
    );
    return { state, codeVerifier, url };
  }

  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const extended = new URLSearchParams(params);
    const state = extended.get("state") ?? "";
    extended.set("nonce", nonceForState(state));
    extended.set("ui_locales", toLanguage(new URL(request.url).searchParams.get("ui_locales")));
    // SPEC.md §4: signing in first closes any existing session, so the IdP always asks again.
    extended.set("prompt", "login");
    return extended;
  }
}

let authenticator: Promise<Authenticator<SignedInParticipant>> | undefined;

export function portalAuthenticator(): Promise<Authenticator<SignedInParticipant>> {
  authenticator ??= (async () => {
    const metadata = await idpMetadata();
    if (!metadata.code_challenge_methods_supported?.includes("S256")) throw new AuthFlowError("invalidCodeChallengeMethod");
    if (!metadata.authorization_endpoint || !metadata.token_endpoint) throw new AuthFlowError("clientMismatch");
    const strategy = new PortalOidcStrategy(
      {
        // The library joins these as they are for Basic authentication: the secret goes in form-encoded
        // (RFC 6749 §2.3.1); the client id is one form-encoding leaves unchanged (env.server.ts).
        clientId: env.IDP_CLIENT_ID,
        clientSecret: formEncoded(env.IDP_CLIENT_SECRET),
        redirectURI: `${env.PORTAL_URL}/auth/callback`,
        authorizationEndpoint: metadata.authorization_endpoint,
        tokenEndpoint: metadata.token_endpoint,
        tokenRevocationEndpoint: metadata.revocation_endpoint,
        scopes: ["openid", "email", "profile", "offline_access"],
        codeChallengeMethod: CodeChallengeMethod.S256,
        cookie: {
          name: TRANSACTION_COOKIE,
          httpOnly: true,
          sameSite: "Lax",
          path: "/",
          maxAge: 30 * 60,
          ...(cookieSecurity().secure ? { secure: true } : {}),
        },
      },
      async ({ request, tokens }) => {
        const state = new URL(request.url).searchParams.get("state") ?? "";
        const accessToken = tokens.accessToken();
        const idToken = tokens.idToken();
        const claims = await verifyIdToken(idToken, { nonce: nonceForState(state), accessToken });
        const userId = typeof claims.uid === "string" ? claims.uid : null;
        if (!userId) throw new AuthFlowError("malformedToken");
        if (!showsSecondFactor(claims)) throw new AuthFlowError("secondFactorMissing");
        checkFreshAuthentication(claims.auth_time, signInStartedAt(state));
        return {
          userId,
          email: typeof claims.email === "string" ? claims.email : null,
          nameFromIdToken:
            [claims.given_name, claims.middle_name, claims.family_name].filter((part) => typeof part === "string" && part).join(" ") ||
            null,
          profileLanguage: supported(claims.locale),
          chosenLanguage: supported(typeof claims.ui_locales === "string" ? claims.ui_locales.split(" ")[0] : null),
          usedRecoveryCode: Array.isArray(claims.amr) && claims.amr.includes("rec"),
          accessToken,
          accessTokenExpiresAt: tokens.accessTokenExpiresAt(),
          refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
          idToken,
        };
      },
    );
    return new Authenticator<SignedInParticipant>().use(strategy, "idp");
  })().catch((error: unknown) => {
    authenticator = undefined;
    throw error;
  });
  return authenticator;
}

/**
 * The authenticator, when the identity provider can be reached right now; null when sign-in cannot
 * start, known within SIGN_IN_ANSWER_BUDGET_MS however slow the provider is.
 */
export function reachableAuthenticator(): Promise<Authenticator<SignedInParticipant> | null> {
  return withinBudget(
    async () => {
      const instance = await portalAuthenticator();
      return (await identityProviderReachable()) ? instance : null;
    },
    SIGN_IN_ANSWER_BUDGET_MS,
    null,
  ).catch(() => null);
}
