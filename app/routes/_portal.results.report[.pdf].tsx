import { data, redirect } from "react-router";
import { downloadPath } from "~/domain/raw-data-download";
import { REPORT_APP_PARAM, reportPagePath } from "~/domain/report-content";
import { VERSION_PARAM } from "~/domain/report-versions";
import { languageOf } from "~/services/language.server";
import { downloadErrorHeaders, ReportFormSchema, sessionReportUrl, VERIFICATION_REQUIRED } from "~/services/reports.server";
import { visitorSession } from "~/services/session.server";
import type { Route } from "./+types/_portal.results.report[.pdf]";

/**
 * The report's PDF, beside its page: a plain link (a GET, with or without JavaScript) to the
 * short-lived address the results service answers, in the page's language and, for a reissued
 * report, of the version its page shows. Raw genetic data goes to
 * its download page (a fresh code first); a PDF that cannot be had, back to the report's page with the
 * download-error notification.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = visitorSession(context);
  const search = new URL(request.url).searchParams;
  const parsed = ReportFormSchema.safeParse({
    appId: search.get(REPORT_APP_PARAM) ?? "",
    version: search.get(VERSION_PARAM) ?? undefined,
  });
  if (!parsed.success) throw data(null, { status: 400 });
  const { appId, version } = parsed.data;
  const outcome = await sessionReportUrl(request, session, { appId, language: languageOf(context), version });
  if (outcome.ok) return redirect(outcome.reportUrl, { status: 303 });
  if (outcome.status === VERIFICATION_REQUIRED) return redirect(downloadPath({ kind: "exome", appId }));
  return redirect(reportPagePath(appId, version), { headers: await downloadErrorHeaders(appId, version) });
}
