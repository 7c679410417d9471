import { data, redirect } from "react-router";
import { RouterFallbackScreen } from "~/components/layout/error-screens";
import { ReportPageView } from "~/components/reports/report-page";
import type { ReportActionData } from "~/domain/dashboard-report";
import { downloadPath } from "~/domain/raw-data-download";
import { reportFieldsOf, reportPagePath } from "~/domain/report-content";
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
 * The report as a page, from the same content as its PDF, of the version asked for (else the newest).
 * A data file (the exome) goes to its download page, which asks for a fresh code first.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const session = visitorSession(context);
  const parsed = ReportFormSchema.safeParse(reportFieldsOf(url.searchParams));
  if (!parsed.success) return data({ report: null, appId: null, version: null }, { status: 400 });
  const { appId, version } = parsed.data;
  const outcome = await openReportPage({ request, session, appId, version, language: languageOf(context) });
  if (outcome.ok && "dataFile" in outcome) throw redirect(downloadPath({ kind: "exome", appId }));
  if (!outcome.ok) throw redirect("/", { headers: await downloadErrorHeaders(appId, version) });
  return data({ report: outcome.report, appId, version: outcome.version });
}

/**
 * SPEC.md §4 'Result download' as a form post (a script, support's curl): with `opensIn=tab`, the PDF's
 * address for the tab a script opened; otherwise a redirect to the report's page.
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
  if (loaded?.report) return <ReportPageView report={loaded.report} appId={loaded.appId} version={loaded.version} />;
  if (acted && acted.outcome !== "invalid") return null;
  return <RouterFallbackScreen status={400} detail={t("errors.badRequest")} />;
}
