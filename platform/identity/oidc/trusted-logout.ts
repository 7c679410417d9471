import type { KoaContextWithOIDC } from "oidc-provider";
import { grantsOfSession } from "../store/oidc-adapter.ts";

/**
 * RP-initiated logout with a valid `id_token_hint` from the portal's own client, issued for this very
 * sign-in (its `auth_time` is this browser session's), arriving as a page navigation: the session
 * ends at once and the browser goes straight back to the registered `post_logout_redirect_uri`, with
 * or without JavaScript (oidc-provider would otherwise ask for a POST of its confirmation form). Only
 * the portal holds its participants' ID tokens; an old one (from browser history, say) or one loaded
 * by another site as an image or from a script still gets the confirmation page.
 */
export function isTrustedLogout(ctx: KoaContextWithOIDC, portalClientId: string): boolean {
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: string; auth_time?: number } } | undefined;
  const session = ctx.oidc.session;
  const destination = ctx.get("sec-fetch-dest");
  return (
    ctx.oidc.client?.clientId === portalClientId &&
    Boolean(ctx.oidc.params?.id_token_hint) &&
    (destination === "" || destination === "document") &&
    hint?.payload?.sub !== undefined &&
    hint.payload.sub === session?.accountId &&
    hint.payload.auth_time !== undefined &&
    hint.payload.auth_time === session.authTime()
  );
}

/** What oidc-provider's confirmation step does for `logout=yes`: every grant of this browser session revoked, the session gone. */
export async function endSessionNow(ctx: KoaContextWithOIDC): Promise<void> {
  const { session, provider } = ctx.oidc;
  if (!session) return;
  for (const grantId of grantsOfSession(session)) {
    const grant = await provider.Grant.find(grantId);
    await grant?.destroy();
    await provider.AccessToken.revokeByGrantId(grantId);
    await provider.RefreshToken.revokeByGrantId(grantId);
    await provider.AuthorizationCode.revokeByGrantId(grantId);
  }
  await session.destroy();
  ctx.cookies.set(provider.cookieName("session"), null, { signed: true, httpOnly: true, sameSite: "lax", overwrite: true });
  returnAfterSignOut(ctx);
}

/** Straight back to the registered post_logout_redirect_uri, with the client's state. */
export function returnAfterSignOut(ctx: KoaContextWithOIDC): void {
  const { params } = ctx.oidc;
  const target = new URL(String(params?.post_logout_redirect_uri));
  if (params?.state != null) target.searchParams.set("state", String(params.state));
  ctx.status = 303;
  ctx.redirect(target.href);
}
