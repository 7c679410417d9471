import { data, redirect } from "react-router";
import { AuthErrorScreen } from "~/components/layout/auth-error-screen";
import { PageShell } from "~/components/layout/page-shell";
import { SessionChoiceScreen } from "~/components/layout/session-choice-screen";
import { safeReturnTo } from "~/domain/return-to";
import type { Language } from "~/i18n/languages";
import { pageTitle } from "~/i18n/page-title";
import { reachableAuthenticator } from "~/services/authenticator.server";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { returnToCookie } from "~/services/session-cookie.server";
import { clearedSessionCookie, endSession, privatePageHeaders, readSession, type PortalSession } from "~/services/session.server";
import type { Route } from "./+types/auth.sign-in";

export const middleware: Route.MiddlewareFunction[] = [translations("auth")];

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, "auth", loaderData?.choice ? "sessionChoice.signInTitle" : "errorTitle");

/**
 * To the identity provider's hosted sign-in, remembering the page asked for. A GET never ends a
 * session: a results-link visitor is asked first (the form POSTs here); an unreachable provider
 * leaves the session as it is.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  const { session } = await readSession(request);
  if (session?.tokenType === "IDP") return redirect(returnTo, { headers: privatePageHeaders });
  if (session) return data({ choice: { kind: "leave-results-link" as const, returnTo } }, { headers: privatePageHeaders });
  return startSignIn(request, returnTo, null, languageOf(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const returnTo = safeReturnTo((await readForm(request)).get("returnTo"));
  const { session } = await readSession(request);
  return startSignIn(request, returnTo, session, languageOf(context));
}

async function startSignIn(request: Request, returnTo: string, endingSession: PortalSession | null, language: Language) {
  const authenticator = await reachableAuthenticator();
  if (!authenticator) return data({ choice: null }, { status: 503, headers: privatePageHeaders });
  await endSession(endingSession);
  const startUrl = new URL(request.url);
  startUrl.search = `?ui_locales=${language}`;
  try {
    await authenticator.authenticate("idp", new Request(startUrl, { headers: request.headers }));
  } catch (response) {
    if (!(response instanceof Response)) throw response;
    const headers = new Headers(response.headers);
    headers.append("Set-Cookie", await returnToCookie.serialize(returnTo));
    if (endingSession) headers.append("Set-Cookie", await clearedSessionCookie());
    headers.set("Cache-Control", "no-store");
    return redirect(response.headers.get("Location") ?? "/", { headers });
  }
  return redirect("/");
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { choice } = actionData ?? loaderData;
  return (
    <PageShell visitor={null}>
      {choice ? <SessionChoiceScreen choice={choice} /> : <AuthErrorScreen titleKey="errorTitle" messageKey="unavailable" />}
    </PageShell>
  );
}
