import { data } from "react-router";
import { AuthErrorScreen } from "~/components/layout/auth-error-screen";
import { PageShell } from "~/components/layout/page-shell";
import { SessionChoiceScreen } from "~/components/layout/session-choice-screen";
import { explainRefusal, type ResultsLinkRefusal } from "~/domain/results-link-refusal";
import { pageTitle } from "~/i18n/page-title";
import { readForm } from "~/services/form-body.server";
import { translations } from "~/services/language.server";
import { checkResultsLinkToken, startResultsLinkSession } from "~/services/results-link.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { endSession, readSession } from "~/services/session.server";
import type { Route } from "./+types/results-link";

export const middleware: Route.MiddlewareFunction[] = [translations("auth")];

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageTitle(matches, "auth", loaderData?.choice ? "sessionChoice.resultsLinkTitle" : "resultsLinkTitle");

const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

function refused(refusal: ResultsLinkRefusal) {
  const { messageKey, helpKey, status } = explainRefusal(refusal);
  return data({ refusal: { messageKey, helpKey }, choice: null }, { status, headers: noStore });
}

/**
 * A results link carries an ACCESS token (SPEC.md §3). With nobody signed in, the visitor gets a
 * reduced session and the token leaves the address bar at once. With someone signed in, a GET
 * changes nothing: the page asks, and opening the link is a POST of this form.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const link = await checkResultsLinkToken(url.searchParams.get("access_token"));
  if (!link.ok) return refused(link.refusal);
  const { session } = await readSession(request);
  if (session)
    return data({ refusal: null, choice: { kind: "open-results-link" as const, accessToken: link.token } }, { headers: noStore });
  return startResultsLinkSession(link);
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const link = await checkResultsLinkToken(form.get("access_token"));
  if (!link.ok) return refused(link.refusal);
  const { session } = await readSession(request);
  await endSession(session);
  return startResultsLinkSession(link);
}

export default function ResultsLink({ loaderData }: Route.ComponentProps) {
  const { refusal, choice } = loaderData;
  return (
    <PageShell visitor={null}>
      {choice ? (
        <SessionChoiceScreen choice={choice} />
      ) : (
        <AuthErrorScreen
          titleKey="resultsLinkTitle"
          messageKey={refusal?.messageKey ?? "resultsLink.unavailable"}
          helpKey={refusal?.helpKey ?? undefined}
        />
      )}
    </PageShell>
  );
}
