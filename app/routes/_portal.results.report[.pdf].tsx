import { data, redirect } from "react-router";
import { downloadPath } from "~/domain/raw-data-download";
import { reportFieldsOf, reportPagePath } from "~/domain/report-content";
import { languageOf } from "~/services/language.server";
import { downloadErrorHeaders, ReportFormSchema, sessionReportUrl, VERIFICATION_REQUIRED } from "~/services/reports.server";
import { visitorSession } from "~/services/session.server";
import type { Route } from "./+types/_portal.results.report[.pdf]";

/**
 * The report's PDF as a plain link: a redirect to the short-lived address the results service answers.
 * Raw genetic data goes to its download page (a fresh code first).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const session = visitorSession(context);
  const parsed = ReportFormSchema.safeParse(reportFieldsOf(url.searchParams));
  if (!parsed.success) throw data(null, { status: 400 });
  const { appId, version } = parsed.data;
  const outcome = await sessionReportUrl(request, session, { appId, language: languageOf(context), version });
  if (outcome.ok) return redirect(outcome.reportUrl, { status: 303 });
  if (outcome.status === VERIFICATION_REQUIRED) return redirect(downloadPath({ kind: "exome", appId }));
  return redirect(reportPagePath(appId, version), { headers: await downloadErrorHeaders(appId, version) });
}
