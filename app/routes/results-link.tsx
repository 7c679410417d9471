import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuthErrorScreen } from "~/components/layout/auth-error-screen";
import { PageShell } from "~/components/layout/page-shell";
import { readAccessTokenPayload } from "~/domain/access-token-payload";
import { AuthFlowError } from "~/domain/oidc-checks";
import { env } from "~/services/env.server";
import { verifyIdpJwt } from "~/services/idp.server";
import { readSession, endSession } from "~/services/session.server";
import { startSession } from "~/services/sign-in.server";

/**
 * A results link carries an ACCESS token (SPEC.md §3). It is checked as SPEC.md §5 'Token checks'
 * says, then its signature, issuer, audience and expiry; the visitor gets a reduced session and the
 * token leaves the address bar at once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
  const token = new URL(request.url).searchParams.get("access_token");
  const checked = readAccessTokenPayload(token);
  if (!checked.ok) return json({ messageKey: `tokenChecks.${checked.failure}` }, { status: 400, headers: noStore });
  try {
    const claims = await verifyIdpJwt(token as string, { audience: resultsAudience() });
    const { session } = await readSession(request);
    await endSession(session);
    return await startSession(
      {
        userId: checked.payload.userId,
        tokenType: "ACCESS",
        email: checked.payload.email,
        fullName: null,
        sourceId: null,
        accessToken: token as string,
        accessTokenExpiresAt: new Date((claims.exp ?? 0) * 1000),
        refreshToken: null,
        idToken: null,
      },
      "/",
    );
  } catch (error) {
    if (error instanceof AuthFlowError) return json({ messageKey: `flow.${error.code}` }, { status: 401, headers: noStore });
    return json({ messageKey: "unavailable" }, { status: 503, headers: noStore });
  }
}

function resultsAudience(): string {
  return env.RESULTS_API_AUDIENCE ?? env.RESULTS_API_URL.replace(/\/$/, "");
}

export default function ResultsLink() {
  const { messageKey } = useLoaderData<typeof loader>();
  return (
    <PageShell visitor={null}>
      <AuthErrorScreen titleKey="resultsLinkTitle" messageKey={messageKey} helpKey="resultsLinkHelp" />
    </PageShell>
  );
}
