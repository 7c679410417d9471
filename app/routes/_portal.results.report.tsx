import { type ActionFunctionArgs, data, redirect, useActionData } from "react-router";
import * as styles from "~/components/dashboard/dashboard.css";
import { REPORT_ACTION } from "~/components/dashboard/download-report-form";
import { ReportReady } from "~/components/dashboard/report-ready";
import { RouterFallbackScreen } from "~/components/layout/error-screens";
import type { ReportActionData } from "~/domain/dashboard-report";
import { DOWNLOAD_ERROR_VISIBLE_MS } from "~/domain/flash-notification";
import type { TranslationHandle } from "~/i18n";
import { useTranslation } from "~/i18n-react";
import { flashNotification } from "~/services/flash.server";
import { readForm } from "~/services/form-body.server";
import { detectLanguage } from "~/services/language.server";
import { fetchReportUrl, ReportFormSchema, reportSourceId } from "~/services/reports.server";
import { assertSameOrigin } from "~/services/same-origin.server";
import { privatePageHeaders, requireVisitor } from "~/services/session.server";

export const handle: TranslationHandle = { i18n: ["dashboard"] };

/**
 * SPEC.md §4 'Result download': a 200 with a URL sends the participant to the report (a redirect, or
 * the address for the tab a script opened); anything else, no answer included, shows the
 * download-error notification for 15 s over the dashboard (without JavaScript: back to it, PRG).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await requireVisitor(request);
  const parsed = ReportFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<ReportActionData>({ outcome: "invalid" }, { status: 400, headers: privatePageHeaders });
  const { appId, opensIn } = parsed.data;
  const script = opensIn === "tab";

  const outcome = await fetchReportUrl({
    request,
    accessToken: session.accessToken,
    sourceId: reportSourceId(session.sourceId),
    appId,
    language: await detectLanguage(request),
    userId: session.userId,
  });
  // The page's form-action policy keeps a form from redirecting to another origin, so without
  // JavaScript the report opens from a page that links to it in a new tab.
  if (outcome.ok) return data<ReportActionData>({ outcome: "opened", reportUrl: outcome.reportUrl }, { headers: privatePageHeaders });

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
  if (script) return data<ReportActionData>({ outcome: "failed" }, { headers });
  return redirect("/", { status: 303, headers });
}

/** Without JavaScript: the report, opened from here, the network error screen, or why the form was refused. */
export default function ReportDownload() {
  const data = useActionData<typeof action>();
  const { t } = useTranslation();
  if (data && "outcome" in data && data.outcome === "opened") return <ReportReady reportUrl={data.reportUrl} />;
  if (data && "outcome" in data && data.outcome === "invalid") return <RouterFallbackScreen status={400} detail={t("errors.badRequest")} />;
  return (
    <p className={styles.interstitial}>
      <a href="/" className={styles.textLink}>
        {t("errors.backHome")}
      </a>
    </p>
  );
}
