import { data, redirect } from "react-router";
import { PageShell } from "~/components/layout/page-shell";
import { SignedOutScreen } from "~/components/layout/signed-out-screen";
import { pageTitle } from "~/i18n/page-title";
import { translations } from "~/services/language.server";
import { privatePageHeaders } from "~/services/session.server";
import type { Route } from "./+types/auth.signed-out";

export const middleware: Route.MiddlewareFunction[] = [translations("auth")];

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "auth", "signedOut.title");

/**
 * Where the IdP's end-session endpoint returns the browser: on to sign-in. After 'Cancel' on a hosted
 * sign-in page it says nobody is signed in, rather than starting the sign-in just left.
 */
export function loader({ url }: Route.LoaderArgs) {
  if (url.searchParams.get("reason") !== "cancelled") return redirect("/auth/sign-in", { headers: privatePageHeaders });
  return data(null, { headers: privatePageHeaders });
}

export default function SignedOut() {
  return (
    <PageShell visitor={null}>
      <SignedOutScreen />
    </PageShell>
  );
}
