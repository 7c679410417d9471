import { type LoaderFunctionArgs, json, redirect, type MetaFunction } from "@remix-run/node";
import { useEffect } from "react";
import { SessionExpiredScreen } from "~/components/layout/error-screens";
import { PageShell } from "~/components/layout/page-shell";
import { pageTitle } from "~/page-title";
import { clearedSessionCookie, readSession } from "~/services/session.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "common", "errors.sessionExpired");

const SIGN_IN_PATH = "/auth/sign-in";
const SIGN_IN_DELAY_SECONDS = 3;

/**
 * SPEC.md §4 'Session': the expired screen forgets the stale cookie, then moves on to sign-in. A
 * session that is still live is not expired, and a GET never ends one: it goes back to the portal.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await readSession(request);
  if (session) throw redirect("/", { headers: { "Cache-Control": "no-store" } });
  return json(null, { headers: { "Set-Cookie": await clearedSessionCookie(), "Cache-Control": "no-store" } });
}

export default function SessionExpired() {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(SIGN_IN_PATH), SIGN_IN_DELAY_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <PageShell visitor={null}>
      <noscript>
        <meta httpEquiv="refresh" content={`${SIGN_IN_DELAY_SECONDS};url=${SIGN_IN_PATH}`} />
      </noscript>
      <SessionExpiredScreen redirectSeconds={SIGN_IN_DELAY_SECONDS} />
    </PageShell>
  );
}
