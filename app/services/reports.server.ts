import * as z from "zod";
import { ReportRequestSchema } from "~/domain/dashboard-report";
import { DOWNLOAD_ERROR_VISIBLE_MS } from "~/domain/flash-notification";
import { REPORT_PAGE_PATH, ReportContentReplySchema, shownVersionOf, type ReportContent, type ShownVersion } from "~/domain/report-content";
import { resultIconFor } from "~/domain/result-icons";
import { env } from "./env.server";
import { flashNotification } from "./flash.server";
import { requestIdOf } from "./logger.server";
import { recordOpened } from "./report-versions.server";
import { asParticipant, resultsUrl } from "./results-api.server";
import { failureOf, fetchPatientResults, type UpstreamFailure } from "./results.server";
import type { PortalSession } from "./session.server";
import { bodyAs, callUpstream } from "./upstream.server";

/** Every demo and production participant so far belongs to this source; sessions do not carry one yet. */
const DEFAULT_SOURCE_ID = process.env.RESULTS_SOURCE_ID?.trim() || "dna-discovery";

/** A report's address on the results service, in `language`, at `version` when one is asked for. */
function reportAddress(
  ids: { sourceId: string | null; appId: string; userId: string },
  language: string,
  version?: number,
  ...rest: string[]
) {
  const url = resultsUrl("reports", ids.sourceId ?? DEFAULT_SOURCE_ID, ids.appId, ids.userId, ...rest);
  url.searchParams.set("lang", language);
  if (version !== undefined) url.searchParams.set("version", String(version));
  return url;
}

/**
 * The download form as the report action accepts it. The app id becomes one segment of the report
 * path, so "." and ".." (which would move the request to another path) are not app ids.
 */
export const ReportFormSchema = ReportRequestSchema.refine(({ appId }) => appId !== "." && appId !== "..", { path: ["appId"] });

const ReportResponse = z.object({ providerReportUrl: z.string().nullish() });

export type ReportOutcome = { ok: true; reportUrl: string } | UpstreamFailure;

/** The results service's header for the proof that releases raw genetic data. */
export const STEP_UP_PROOF_HEADER = "X-Step-Up-Proof";
/** Its answer when raw genetic data is asked for without that proof. */
export const VERIFICATION_REQUIRED = 428;

/**
 * SPEC.md §7: GET the report path (source id, app id, user id) and read providerReportUrl. Only a
 * 200 with a web address counts; a request that gets no answer is the network error (599).
 */
export async function fetchReportUrl(options: {
  request: Request;
  accessToken: string;
  sourceId: string | null;
  appId: string;
  userId: string;
  /** The page's language: the report is written in it where the results service has a translation. */
  language: string;
  /** Raw genetic data (the exome): the identity provider's proof of a fresh second factor, purpose `download`. */
  proof?: string;
  /** A reissued report's version to open (by default the newest). */
  version?: number;
}): Promise<ReportOutcome> {
  const reply = await callUpstream({
    upstream: "results",
    url: reportAddress(options, options.language, options.version),
    headers: { Authorization: `Bearer ${options.accessToken}`, ...(options.proof ? { [STEP_UP_PROOF_HEADER]: options.proof } : {}) },
    timeoutMs: env.RESULTS_TIMEOUT_MS,
    requestId: requestIdOf(options.request),
  });
  if (!reply.answered || reply.status !== 200) return failureOf(reply);
  const reportUrl = bodyAs(reply, ReportResponse)?.providerReportUrl;
  const protocol = reportUrl ? URL.parse(reportUrl)?.protocol : undefined;
  if (!reportUrl || (protocol !== "https:" && protocol !== "http:"))
    return { ok: false, status: reply.status, message: "No report address in the response" };
  return { ok: true, reportUrl };
}

/** The report's address for this session's participant (their token, source and user id). */
export function sessionReportUrl(
  request: Request,
  session: PortalSession,
  report: { appId: string; language: string; version?: number; proof?: string },
): Promise<ReportOutcome> {
  return fetchReportUrl({ request, ...session, ...report });
}

/** What the report's page shows: its content (of a reissued report, the version shown), or that the result is a data file (the exome). */
export type ReportPage = { ok: true; report: ReportContent; version: ShownVersion | null } | { ok: true; dataFile: true };

/**
 * The report's page: the same content its PDF is drawn from, in the page's language (one call, not
 * retried, as for the PDF). The results service has none for a data file (the exome): when it says
 * there is no such report, the participant's results tell whether the app is a ready data file, whose
 * download asks for a fresh code first.
 */
export async function openReportPage(options: {
  request: Request;
  session: PortalSession;
  appId: string;
  language: string;
  /** A reissued report's version to show (by default the newest). */
  version?: number;
}): Promise<ReportPage | UpstreamFailure> {
  const { session } = options;
  const requestId = requestIdOf(options.request);
  const url = reportAddress({ ...session, appId: options.appId }, options.language, options.version, "content");
  const reply = await callUpstream({ upstream: "results", url, ...asParticipant(session), requestId });
  if (reply.answered && reply.status === 200) {
    const content = bodyAs(reply, ReportContentReplySchema);
    if (!content) return { ok: false, status: 502, message: "Unexpected report content response" };
    const version = shownVersionOf(content);
    // Read on its page: this version is no longer 'Updated' on My Results (on every device).
    if (version) await recordOpened(session.userId, options.appId, version.version);
    return { ok: true, report: content.report, version };
  }
  if (!reply.answered || reply.status !== 404) return failureOf(reply);

  const results = await fetchPatientResults({ ...session, requestId });
  if (!results.ok) return results;
  const app = results.results.apps.find((candidate) => candidate.appID === options.appId);
  if (app?.reportReady && resultIconFor(app.type) === "download") return { ok: true, dataFile: true };
  return failureOf(reply);
}

/** The download error over the page it returns to, for 15 s, with a retry (SPEC.md §8), as a flash cookie. */
export async function downloadErrorHeaders(appId: string, version?: number): Promise<HeadersInit> {
  const cookie = await flashNotification({
    type: "error",
    titleKey: "dashboard:downloadError.title",
    bodyKey: "dashboard:downloadError.body",
    visibleMs: DOWNLOAD_ERROR_VISIBLE_MS,
    retry: {
      action: REPORT_PAGE_PATH,
      fields: { appId, ...(version === undefined ? {} : { version: String(version) }) },
      labelKey: "dashboard:downloadError.retry",
    },
  });
  return { "Set-Cookie": cookie };
}
