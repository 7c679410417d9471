import { data, redirect } from "react-router";
import { RouterFallbackScreen } from "~/components/layout/error-screens";
import { ReportPageView } from "~/components/reports/report-page";
import type { ReportActionData } from "~/domain/dashboard-report";
import { downloadPath } from "~/domain/raw-data-download";
import { REPORT_APP_PARAM, reportPagePath } from "~/domain/report-content";
import { VERSION_PARAM } from "~/domain/report-versions";
import { pageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/react";
import { readForm } from "~/services/form-body.server";
import { languageOf, translations } from "~/services/language.server";
import { downloadErrorHeaders, openReportPage, ReportFormSchema, sessionReportUrl, VERIFICATION_REQUIRED } from "~/services/reports.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { visitorSession } from "~/services/session.server";
import type { Route } from "./+types/_portal.results.report";

export const middleware: Route.MiddlewareFunction[] = [translations("dashboard")];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData?.report
    ? pageTitle(matches, "dashboard", "reportPage.pageTitle", { title: loaderData.report.title })
    : pageTitle(matches, "dashboard", "results.title");

/**
 * The report's page: the report as a page of the portal, from the same content as its PDF, in the
 * page's language where the results service writes it; for a reissued report, the version asked for
 * (by default the newest), which is then no longer 'Updated'. A data file (the exome) goes to its
 * download page, which asks for a fresh code first; a report that cannot be had, back to My Results
 * with the download-error notification.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = visitorSession(context);
  const search = new URL(request.url).searchParams;
  const parsed = ReportFormSchema.safeParse({
    appId: search.get(REPORT_APP_PARAM) ?? "",
    version: search.get(VERSION_PARAM) ?? undefined,
  });
  if (!parsed.success) return data({ report: null, appId: null, version: null }, { status: 400 });
  const { appId, version } = parsed.data;
  const outcome = await openReportPage({ request, session, appId, version, language: languageOf(context) });
  if (outcome.ok && "dataFile" in outcome) throw redirect(downloadPath({ kind: "exome", appId }));
  if (!outcome.ok) throw redirect("/", { headers: await downloadErrorHeaders(appId, version) });
  return data({ report: outcome.report, appId, version: outcome.version });
}

/**
 * SPEC.md §4 'Result download' as a form post (the download error's retry, a script, support's curl):
 * with `opensIn=tab`, the PDF's address for the tab a script opened; otherwise a redirect to the
 * report's page (of the version named, if one is). Anything else, no answer included, shows the
 * download-error notification for 15 s over the dashboard.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = visitorSession(context);
  const parsed = ReportFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<ReportActionData>({ outcome: "invalid" }, { status: 400 });
  const { appId, opensIn, version } = parsed.data;
  if (opensIn !== "tab") return redirect(reportPagePath(appId, version), { status: 303 });

  const outcome = await sessionReportUrl(request, session, { appId, language: languageOf(context), version });
  if (outcome.ok) return data<ReportActionData>({ outcome: "opened", reportUrl: outcome.reportUrl });
  if (outcome.status === VERIFICATION_REQUIRED) return redirect(downloadPath({ kind: "exome", appId }), { status: 303 });
  return data<ReportActionData>({ outcome: "failed" }, { headers: await downloadErrorHeaders(appId, version) });
}

export default function ReportPage({ loaderData: loaded, actionData: acted }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaded?.report && loaded.appId) return <ReportPageView report={loaded.report} appId={loaded.appId} version={loaded.version} />;
  if (acted && "outcome" in acted && acted.outcome !== "invalid") return null;
  return <RouterFallbackScreen status={400} detail={t("errors.badRequest")} />;
}
