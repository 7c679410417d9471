import { parseCookie } from "cookie";
import { data, redirect } from "react-router";
import { OAuth2RequestError } from "remix-auth-oauth2";
import { AuthErrorScreen } from "~/components/layout/auth-error-screen";
import { PageShell } from "~/components/layout/page-shell";
import { AuthFlowError, isWellFormedState, type AuthErrorCode } from "~/domain/oidc-checks";
import { portalAuthenticator, TRANSACTION_COOKIE } from "~/services/authenticator.server";
import { translations } from "~/services/language.server";
import { privatePageHeaders } from "~/services/session.server";
import { startParticipantSession } from "~/services/sign-in.server";
import type { Route } from "./+types/auth.callback";

export const middleware: Route.MiddlewareFunction[] = [translations("auth")];

type Failure = { code: AuthErrorCode | "accessDenied" | "cancelled"; status: number };

/** One transaction cookie per sign-in started, named `<TRANSACTION_COOKIE>:<state>`. */
const transactionCookieNames = (request: Request) =>
  Object.keys(parseCookie(request.headers.get("Cookie") ?? "")).filter((name) => name.startsWith(`${TRANSACTION_COOKIE}:`));

function forgetTransactions(request: Request, headers: Headers) {
  for (const name of transactionCookieNames(request)) headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
}

/** SPEC.md §5 and §8: which screen a failed callback shows. */
function classify(error: unknown): Failure {
  if (error instanceof AuthFlowError) return { code: error.code, status: 400 };
  if (error instanceof OAuth2RequestError) {
    // 'Cancel' on a hosted page: the participant chose not to sign in, which is no error.
    if (error.code === "access_denied") return { code: "cancelled", status: 303 };
    if (error.code === "login_required" || error.code === "interaction_required") return { code: "accessDenied", status: 400 };
    if (error.code === "invalid_grant") return { code: "flowTimedOut", status: 400 };
    if (error.code === "invalid_client" || error.code === "unauthorized_client") return { code: "clientMismatch", status: 400 };
    return { code: "unknown", status: 502 };
  }
  if (error instanceof RangeError) return { code: "stateMismatch", status: 400 };
  if (error instanceof ReferenceError)
    return { code: error.message.includes("code in the URL") ? "missingCode" : "noTransaction", status: 400 };
  return { code: "unknown", status: 502 };
}

export async function loader({ request, url }: Route.LoaderArgs) {
  if (transactionCookieNames(request).length === 0)
    return data({ code: "noTransaction" as const }, { status: 400, headers: privatePageHeaders });
  if (!isWellFormedState(url.searchParams.get("state")))
    return data({ code: "stateMismatch" as const }, { status: 400, headers: privatePageHeaders });
  try {
    const authenticator = await portalAuthenticator();
    const participant = await authenticator.authenticate("idp", request);
    const response = await startParticipantSession(participant, request);
    forgetTransactions(request, response.headers);
    return response;
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = classify(error);
    if (failure.code === "cancelled") {
      const headers = new Headers(privatePageHeaders);
      forgetTransactions(request, headers);
      return redirect("/auth/signed-out?reason=cancelled", { headers });
    }
    return data({ code: failure.code }, { status: failure.status, headers: privatePageHeaders });
  }
}

export default function Callback({ loaderData }: Route.ComponentProps) {
  const { code } = loaderData;
  return (
    <PageShell visitor={null}>
      <AuthErrorScreen titleKey="errorTitle" messageKey={`flow.${code}`} />
    </PageShell>
  );
}
