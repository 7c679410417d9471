import { useEffect } from "react";
import { data, redirect } from "react-router";
import { SessionExpiredScreen } from "~/components/layout/error-screens";
import type { NoscriptRefreshHandle } from "~/components/layout/noscript-refresh";
import { PageShell } from "~/components/layout/page-shell";
import { safeReturnTo } from "~/domain/return-to";
import { pageTitle } from "~/i18n/page-title";
import { clearedSessionCookie, privatePageHeaders, readSession, withReturnTo } from "~/services/session.server";
import type { Route } from "./+types/session-expired";

export const handle: NoscriptRefreshHandle = {
  noscriptRefresh: (loaderData) => {
    const expired = loaderData as { signInPath: string } | undefined;
    return expired ? { seconds: SIGN_IN_DELAY_SECONDS, to: expired.signInPath } : null;
  },
};

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "common", "errors.sessionExpired");

const SIGN_IN_DELAY_SECONDS = 3;

/**
 * SPEC.md §4 'Session': the expired screen forgets the stale cookie, then moves on to sign-in. A
 * session that is still live is not expired, and a GET never ends one: it goes back to the portal.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { session } = await readSession(request);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  if (session) throw redirect(returnTo, { headers: privatePageHeaders });
  const signInPath = withReturnTo("/auth/sign-in", returnTo);
  return data({ signInPath }, { headers: { ...privatePageHeaders, "Set-Cookie": await clearedSessionCookie() } });
}

export default function SessionExpired({ loaderData }: Route.ComponentProps) {
  // Signing in again comes back to the page the session ended on.
  const { signInPath } = loaderData;
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(signInPath), SIGN_IN_DELAY_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [signInPath]);
  return (
    <PageShell visitor={null}>
      <SessionExpiredScreen redirectSeconds={SIGN_IN_DELAY_SECONDS} signInPath={signInPath} />
    </PageShell>
  );
}
