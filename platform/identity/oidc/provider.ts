import Provider, { type Configuration, errors, interactionPolicy, type KoaContextWithOIDC } from "oidc-provider";
import type { IdentityConfig } from "../config.ts";
import { requestLocale } from "../http/io.ts";
import { cspNonceOf } from "../http/security-headers.ts";
import { programName } from "../pages/i18n.ts";
import { renderLogoutPage, renderOidcErrorPage, renderPortalLinkPage } from "../pages/oidc-pages.tsx";
import type { AccountStore } from "../store/accounts.ts";
import type { SignInLanguages } from "../store/sign-in-languages.ts";
import { CLOCK_TOLERANCE_SECONDS } from "./access-tokens.ts";
import { accountClaims, OIDC_CLAIMS } from "./claims.ts";
import type { SigningKeys } from "./signing-keys.ts";
import { endSessionNow, isTrustedLogout, returnAfterSignOut } from "./trusted-logout.ts";

const PORTAL_SCOPES = "openid email profile offline_access";
const RESULTS_API_SCOPES = "openid email profile";
/** Short, so a revoked grant stops reading results within 5 minutes; the portal renews before expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 300;

/** Lifetimes (seconds) of what the provider issues; the signing keys outlive the longest (oidc/signing-keys.ts). */
export const TOKEN_TTL_SECONDS = {
  // The default; IDENTITY_ACCESS_TOKEN_TTL_SECONDS may set up to 3600 s, still under the refresh token's 12 h.
  AccessToken: ACCESS_TOKEN_TTL_SECONDS,
  AuthorizationCode: 60,
  IdToken: 3600,
  // How long a sign-in may take, from the authorization request to its end.
  Interaction: 3600,
  Grant: 12 * 3600,
  // Absolute session lifetime (ASVS: at most 12 h); refresh tokens never outlive it.
  Session: 12 * 3600,
  RefreshToken: 12 * 3600,
} as const;

/**
 * The portal asks for a login on every sign-in (`prompt=login`), but that travels in the browser's
 * redirect, where it can be dropped or turned into `prompt=none`. For the portal's client the
 * provider asks for a login whatever the request says: no authorization of the portal finishes on an
 * earlier sign-in of this browser.
 */
function portalSignInPolicy(portalClientId: string) {
  const policy = interactionPolicy.base();
  policy
    .get("login")!
    .checks.add(
      new interactionPolicy.Check("portal_sign_in", "The portal needs the participant to sign in", (ctx) =>
        ctx.oidc.client?.clientId === portalClientId && !ctx.oidc.result?.login
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT,
      ),
    );
  return policy;
}

export function createOidcProvider(
  options: Pick<
    IdentityConfig,
    "portalUrl" | "portalClientId" | "portalClientSecret" | "resultsApiAudience" | "cookieKeys" | "accessTokenTtlSeconds"
  > & { issuer: string; keys: SigningKeys; accounts: AccountStore; signInLanguages: SignInLanguages; adapter: Configuration["adapter"] },
): Provider {
  const { accounts, signInLanguages, resultsApiAudience, portalClientId } = options;
  const accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;

  const configuration: Configuration = {
    adapter: options.adapter,
    clients: [
      {
        client_id: portalClientId,
        client_secret: options.portalClientSecret,
        client_name: programName("en"),
        token_endpoint_auth_method: "client_secret_basic",
        redirect_uris: [`${options.portalUrl}/auth/callback`],
        post_logout_redirect_uris: [`${options.portalUrl}/auth/signed-out`],
        grant_types: ["authorization_code", "refresh_token"],
        // Every id token says when the participant signed in: the portal refuses one from an earlier sign-in.
        require_auth_time: true,
        response_types: ["code"],
        scope: PORTAL_SCOPES,
      },
    ],
    jwks: options.keys.privateJwks as Configuration["jwks"],
    cookies: { keys: options.cookieKeys },
    claims: OIDC_CLAIMS,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    pkce: { required: () => true },
    rotateRefreshToken: true,
    ttl: { ...TOKEN_TTL_SECONDS, AccessToken: accessTokenTtlSeconds },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy: portalSignInPolicy(portalClientId) },
    async findAccount(_ctx, sub, token) {
      const account = await accounts.findById(sub);
      if (!account) return undefined;
      // The ID token issued for a sign-in finished in another language than the client asked for says
      // which (ui_locales): the language chosen on the hosted pages becomes the client's.
      const signInLanguage = token?.kind === "AuthorizationCode" ? await signInLanguages.take(account.id) : null;
      return {
        accountId: account.id,
        claims: () => ({ ...accountClaims(account), ...(signInLanguage ? { ui_locales: signInLanguage } : {}) }),
      };
    },
    // First-party portal: consent is implied, so its grant is created here instead of on a consent page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== portalClientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(PORTAL_SCOPES);
      grant.addResourceScope(resultsApiAudience, RESULTS_API_SCOPES);
      await grant.save();
      return grant;
    },
    async issueRefreshToken(_ctx, client) {
      return client.clientId === portalClientId && client.grantTypeAllowed("refresh_token");
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== "AccessToken" || !token.accountId) return undefined;
      const account = await accounts.findById(token.accountId);
      // The grant lets the account API keep the caller's own grant when it ends the others.
      return account ? { uid: account.id, email: account.email, gid: token.grantId } : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        // A client may revoke only its own tokens.
        allowedPolicy: async (_ctx, client, token) => {
          if (token.clientId !== client.clientId) throw new errors.InvalidRequest("client is not authorized to revoke the presented token");
          return true;
        },
      },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // The portal does not send `resource`: every token it gets is for the results API.
        defaultResource: () => resultsApiAudience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== resultsApiAudience) throw new errors.InvalidTarget();
          return {
            scope: RESULTS_API_SCOPES,
            audience: resultsApiAudience,
            accessTokenTTL: accessTokenTtlSeconds,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          if (isTrustedLogout(ctx, portalClientId) && ctx.oidc.params?.post_logout_redirect_uri) {
            await endSessionNow(ctx);
            return;
          }
          const trustedHint = Boolean(ctx.oidc.params?.id_token_hint) && ctx.oidc.client?.clientId === portalClientId;
          ctx.body = renderLogoutPage({
            form,
            autoSubmit: trustedHint,
            nonce: cspNonceOf(ctx.res) ?? "",
            locale: requestLocale(ctx.req, ctx.oidc.params?.ui_locales as string | undefined),
            here: ctx.originalUrl,
          });
        },
        postLogoutSuccessSource: async (ctx) => {
          const locale = requestLocale(ctx.req);
          ctx.body = renderPortalLinkPage("signedOut", { locale, portalUrl: options.portalUrl, here: ctx.originalUrl });
        },
      },
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = renderOidcErrorPage({ locale: requestLocale(ctx.req), error: out.error, description: out.error_description });
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // The service's headers (security-headers.ts) are on every answer already, the provider's included.
  provider.use(async (ctx, next) => {
    await next();
    // oidc-provider's own middleware puts `oidc` on the context of its routes (absent on others).
    const routed = ctx as Partial<KoaContextWithOIDC> & typeof ctx;
    if (routed.oidc && isSignOutOfEndedSession(routed as KoaContextWithOIDC, portalClientId))
      returnAfterSignOut(routed as KoaContextWithOIDC);
  });
  return provider;
}

/**
 * The portal's own sign-out arriving after the browser session it would end is already gone (the
 * portal revoked the sign-in's grant first, which ends it): nothing is left to end, so the browser goes
 * straight back to the registered address instead of through oidc-provider's self-posting form.
 */
function isSignOutOfEndedSession(ctx: KoaContextWithOIDC, portalClientId: string): boolean {
  return (
    ctx.method === "GET" &&
    ctx.oidc.route === "end_session" &&
    ctx.status === 200 &&
    !ctx.oidc.session?.accountId &&
    ctx.oidc.client?.clientId === portalClientId &&
    typeof ctx.oidc.params?.post_logout_redirect_uri === "string"
  );
}
