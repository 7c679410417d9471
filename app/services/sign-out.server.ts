import { randomBytes } from "node:crypto";
import { redirect } from "react-router";
import { endSessionUrl, revokeToken } from "./idp.server";
import { revokeEndedSessionTokens } from "./session-sweep.server";
import { clearedSessionCookie, endSession, type PortalSession } from "./session.server";

/**
 * SPEC.md §4 'Sign-out': the session ends on the server, the refresh and access tokens are revoked at
 * the IdP (a token it already ended is fine), the cookie is cleared, and the browser goes through the
 * IdP's end-session endpoint back to sign-in. An unreachable IdP does not keep anyone signed in here.
 */
export async function signOut(session: PortalSession | null) {
  await endSession(session);
  const headers = new Headers({ "Set-Cookie": await clearedSessionCookie(), "Cache-Control": "no-store" });
  if (!session || session.tokenType !== "IDP") return redirect("/auth/sign-in", { headers });
  await Promise.allSettled([revokeEndedSessionTokens([session.idHash]), revokeToken(session.accessToken, "access_token")]);
  const endSessionAt = await endSessionUrl(session.idToken, randomBytes(32).toString("base64url")).catch(() => null);
  return redirect(endSessionAt ?? "/auth/sign-in", { headers });
}
