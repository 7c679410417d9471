import { type LoaderFunctionArgs, json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuthErrorScreen } from "~/components/layout/auth-error-screen";
import { PageShell } from "~/components/layout/page-shell";
import { safeReturnTo } from "~/domain/return-to";
import { reachableAuthenticator } from "~/services/authenticator.server";
import { detectLanguage } from "~/services/language.server";
import { returnToCookie } from "~/services/session-cookie.server";
import { clearedSessionCookie, endSession, readSession } from "~/services/session.server";

/**
 * Sends the browser to the identity provider's hosted sign-in. An existing session is closed first
 * (SPEC.md §4), and the page asked for is remembered (same-origin paths only). When the provider
 * cannot be reached, the 'unavailable' screen shows instead and the session is left as it is.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const authenticator = await reachableAuthenticator();
  if (!authenticator) return json({ unavailable: true }, { status: 503, headers: { "Cache-Control": "no-store" } });
  const { session } = await readSession(request);
  await endSession(session);
  const language = await detectLanguage(request);
  const startUrl = new URL(request.url);
  startUrl.search = `?ui_locales=${language}`;
  try {
    await authenticator.authenticate("idp", new Request(startUrl, { headers: request.headers }));
  } catch (response) {
    if (!(response instanceof Response)) throw response;
    const headers = new Headers(response.headers);
    headers.append("Set-Cookie", await returnToCookie.serialize(safeReturnTo(url.searchParams.get("returnTo"))));
    if (session) headers.append("Set-Cookie", await clearedSessionCookie());
    headers.set("Cache-Control", "no-store");
    return redirect(response.headers.get("Location") ?? "/", { headers });
  }
  return redirect("/");
}

export default function SignIn() {
  useLoaderData<typeof loader>();
  return (
    <PageShell visitor={null}>
      <AuthErrorScreen titleKey="errorTitle" messageKey="unavailable" />
    </PageShell>
  );
}
