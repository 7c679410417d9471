import { data } from "react-router";
import type { NoscriptRefreshHandle } from "~/components/layout/noscript-refresh";
import { DataExportCard, REQUEST_EXPORT_INTENT, type DataExportProblem } from "~/components/profile/data-export-card";
import { MoreToComeBanner } from "~/components/profile/more-to-come-banner";
import { PersonalInformationCard } from "~/components/profile/personal-information-card";
import { LinkCard } from "~/components/profile/profile-card";
import { COUNSELLING_PATH } from "~/domain/counselling";
import { DATA_EXPORT_CHECK_AGAIN_SECONDS, dataExportItems, isBeingPrepared } from "~/domain/data-export";
import { SHARES_PATH } from "~/domain/report-share";
import { pageTitle } from "~/i18n/page-title";
import { listDataExports, requestDataExport } from "~/services/data-exports.server";
import { redirectWithNotice } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { participantSession, serverTimeZone } from "~/services/session.server";
import type { Route } from "./+types/_portal.profile.overview";

export const middleware: Route.MiddlewareFunction[] = [translations("shares", "counselling")];

export const handle: NoscriptRefreshHandle = {
  // A download being prepared: the page asks again by itself without JavaScript.
  noscriptRefresh: (loaderData, location) => {
    const exports = (loaderData as Awaited<ReturnType<typeof loader>> | undefined)?.exports;
    return exports && isBeingPrepared(exports)
      ? { seconds: DATA_EXPORT_CHECK_AGAIN_SECONDS, to: `${location.pathname}${location.search}` }
      : null;
  },
};

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "profile", "nav.title");

export async function loader({ context }: Route.LoaderArgs) {
  const session = participantSession(context);
  const listed = await listDataExports(session);
  return { exports: listed.ok ? dataExportItems(listed.exports, Date.now()) : null, serverTimeZone };
}

/** 'Prepare my download': a plain form POST; the list below then shows it being prepared. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = participantSession(context);
  const form = await readForm(request);
  if (form.get("intent") !== REQUEST_EXPORT_INTENT) return data({ problem: null }, { status: 400 });
  const outcome = await requestDataExport(session, languageOf(context));
  if (outcome.kind === "requested") {
    return redirectWithNotice("/profile/overview#your-data", {
      type: "success",
      titleKey: "profile:dataExport.requestedTitle",
      bodyKey: "profile:dataExport.requestedBody",
    });
  }
  const problem: DataExportProblem =
    outcome.kind === "too-many" ? { kind: "too-many", retryAt: Date.now() + outcome.retryAfterSeconds * 1000 } : { kind: "unavailable" };
  return data({ problem }, { status: outcome.kind === "too-many" ? 429 : 503 });
}

/** SPEC.md §2: overview is the personal-information card plus the 'More to come' banner; the download of everything sits between them. */
export default function ProfileOverviewPage({ loaderData, actionData: answer, matches }: Route.ComponentProps) {
  const { exports, serverTimeZone: zone } = loaderData;
  return (
    <>
      <PersonalInformationCard person={matches[2].loaderData.person} />
      <DataExportCard items={exports} problem={answer?.problem ?? null} serverTimeZone={zone} />
      <LinkCard card="shares:profileCard" headingId="shared-reports-title" to={SHARES_PATH} />
      <LinkCard card="counselling:card" headingId="counselling-card-title" to={COUNSELLING_PATH} />
      <MoreToComeBanner />
    </>
  );
}
