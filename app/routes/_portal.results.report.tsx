import { data, redirect } from "react-router";
import { REPORT_ACTION } from "~/components/dashboard/download-report-form";
import { ReportReady } from "~/components/dashboard/report-ready";
import { RouterFallbackScreen } from "~/components/layout/error-screens";
import { ReportRequestSchema, type ReportActionData } from "~/domain/dashboard-report";
import { DOWNLOAD_ERROR_VISIBLE_MS } from "~/domain/flash-notification";
import { downloadPath } from "~/domain/raw-data-download";
import { VERSION_PARAM } from "~/domain/report-versions";
import type { TranslationHandle } from "~/i18n";
import { useTranslation } from "~/i18n-react";
import { pageTitle } from "~/page-title";
import { flashNotification } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { detectLanguage } from "~/services/language.server";
import { recordOpened } from "~/services/report-versions.server";
import { fetchReportUrl, openReport, ReportFormSchema, reportSourceId, VERIFICATION_REQUIRED } from "~/services/reports.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { privatePageHeaders, requireVisitor } from "~/services/session.server";
import type { Route } from "./+types/_portal.results.report";

export const handle: TranslationHandle = { i18n: ["dashboard"] };

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData?.report
    ? pageTitle(matches, "dashboard", loaderData.report.dataFile ? "results.fileReadyNamed" : "results.readyNamed", {
        label: loaderData.report.label,
      })
    : pageTitle(matches, "dashboard", "results.title");

const APP_PARAM = "app";

/** The download error over My Results for 15 s, with a retry (SPEC.md §8), as a flash cookie. */
async function downloadErrorHeaders(appId: string): Promise<Headers> {
  const headers = new Headers(privatePageHeaders);
  headers.append(
    "Set-Cookie",
    await flashNotification({
      type: "error",
      titleKey: "dashboard:downloadError.title",
      bodyKey: "dashboard:downloadError.body",
      visibleMs: DOWNLOAD_ERROR_VISIBLE_MS,
      retry: { action: REPORT_ACTION, fields: { appId }, labelKey: "dashboard:downloadError.retry" },
    }),
  );
  return headers;
}

/**
 * Without JavaScript, the report's own page (the download form redirects here, so a reload asks
 * again rather than posting again): titled and naming the report, with the link that opens it.
 * When it cannot be had, back to My Results with the download-error notification.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireVisitor(request);
  const search = new URL(request.url).searchParams;
  const parsed = ReportRequestSchema.pick({ appId: true, version: true }).safeParse({
    appId: search.get(APP_PARAM) ?? "",
    version: search.get(VERSION_PARAM) ?? undefined,
  });
  if (!parsed.success) return data({ report: null }, { status: 400, headers: privatePageHeaders });
  const { appId, version } = parsed.data;
  const outcome = await openReport({ request, session, appId, version, language: await detectLanguage(request) });
  // Raw genetic data: the download page asks for a fresh code first.
  if (!outcome.ok && outcome.status === VERIFICATION_REQUIRED)
    throw redirect(downloadPath({ kind: "exome", appId }), { headers: privatePageHeaders });
  if (!outcome.ok) throw redirect("/", { headers: await downloadErrorHeaders(appId) });
  return data({ report: outcome.report }, { headers: privatePageHeaders });
}

/**
 * SPEC.md §4 'Result download': with a script, the address for the tab it opened (or the file it
 * fetches); without one, a redirect to the report's page. Anything else, no answer included, shows
 * the download-error notification for 15 s over the dashboard.
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const session = await requireVisitor(request);
  const parsed = ReportFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<ReportActionData>({ outcome: "invalid" }, { status: 400, headers: privatePageHeaders });
  const { appId, opensIn, version } = parsed.data;
  if (opensIn !== "tab")
    return redirect(
      `${REPORT_ACTION}?${new URLSearchParams({ [APP_PARAM]: appId, ...(version ? { [VERSION_PARAM]: String(version) } : {}) })}`,
      {
        status: 303,
        headers: privatePageHeaders,
      },
    );

  const outcome = await fetchReportUrl({
    request,
    accessToken: session.accessToken,
    sourceId: reportSourceId(session.sourceId),
    appId,
    language: await detectLanguage(request),
    userId: session.userId,
    version,
  });
  if (outcome.ok && version !== undefined) await recordOpened(session.userId, appId, version);
  if (outcome.ok) return data<ReportActionData>({ outcome: "opened", reportUrl: outcome.reportUrl }, { headers: privatePageHeaders });
  if (outcome.status === VERIFICATION_REQUIRED)
    return redirect(downloadPath({ kind: "exome", appId }), { status: 303, headers: privatePageHeaders });
  return data<ReportActionData>({ outcome: "failed" }, { headers: await downloadErrorHeaders(appId) });
}

/** Without JavaScript: the report, opened from here, or why the request was refused. */
export default function ReportDownload({ loaderData: loaded, actionData: acted }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaded?.report) return <ReportReady report={loaded.report} />;
  if (acted && "outcome" in acted && acted.outcome !== "invalid") return null;
  return <RouterFallbackScreen status={400} detail={t("errors.badRequest")} />;
}
