import * as z from "zod";
import { ReportRequestSchema } from "~/domain/dashboard-report";
import { appLabel } from "~/domain/dashboard-view";
import { resultIconFor } from "~/domain/result-icons";
import { env } from "./env.server";
import { requestIdOf } from "./logger.server";
import { recordOpened } from "./report-versions.server";
import { resultsUrl } from "./results-api.server";
import { failureOf, fetchPatientResults, type UpstreamFailure } from "./results.server";
import type { PortalSession } from "./session.server";
import { bodyAs, callUpstream } from "./upstream.server";

/** Every demo and production participant so far belongs to this source; sessions do not carry one yet. */
const DEFAULT_SOURCE_ID = process.env.RESULTS_SOURCE_ID?.trim() || "dna-discovery";

export function reportSourceId(sessionSourceId: string | null): string {
  return sessionSourceId ?? DEFAULT_SOURCE_ID;
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

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * SPEC.md §7: GET the report path (source id, app id, user id) and read providerReportUrl. Only a
 * 200 with a web address counts; a request that gets no answer is the network error (599).
 */
export async function fetchReportUrl(options: {
  request: Request;
  accessToken: string;
  sourceId: string;
  appId: string;
  userId: string;
  /** The page's language: the report is written in it where the results service has a translation. */
  language: string;
  /** Raw genetic data (the exome): the identity provider's proof of a fresh second factor, purpose `download`. */
  proof?: string;
  /** A reissued report's version to open (by default the newest). */
  version?: number;
}): Promise<ReportOutcome> {
  const url = resultsUrl("reports", options.sourceId, options.appId, options.userId);
  url.searchParams.set("lang", options.language);
  if (options.version !== undefined) url.searchParams.set("version", String(options.version));
  const reply = await callUpstream({
    upstream: "results",
    url,
    headers: { Authorization: `Bearer ${options.accessToken}`, ...(options.proof ? { [STEP_UP_PROOF_HEADER]: options.proof } : {}) },
    timeoutMs: env.RESULTS_TIMEOUT_MS,
    requestId: requestIdOf(options.request),
  });
  if (!reply.answered || reply.status !== 200) return failureOf(reply);
  const reportUrl = bodyAs(reply, ReportResponse)?.providerReportUrl;
  if (!reportUrl || !isWebAddress(reportUrl)) return { ok: false, status: reply.status, message: "No report address in the response" };
  return { ok: true, reportUrl };
}

/** A report the participant asked to open, named in the page's language. */
export type ReadyReport = {
  reportUrl: string;
  label: string;
  dataFile: { bytes: number | null } | null;
  /** A reissued report: the version opened, its date, and whether a newer one exists. */
  version: { number: number; issuedOn: string; newest: boolean } | null;
};

/**
 * The report page's work (without JavaScript, after the download form's redirect): the report's
 * address, then the app as the participant's results list it (its name, whether it is a data file,
 * whether it is ready). An app that is not theirs or not ready is a failure like the report's own.
 */
export async function openReport(options: {
  request: Request;
  session: PortalSession;
  appId: string;
  language: string;
  version?: number;
}): Promise<{ ok: true; report: ReadyReport } | UpstreamFailure> {
  const { session } = options;
  // The report first: what decides whether the participant gets it; then its name and kind.
  const outcome = await fetchReportUrl({
    request: options.request,
    accessToken: session.accessToken,
    sourceId: reportSourceId(session.sourceId),
    appId: options.appId,
    language: options.language,
    userId: session.userId,
    version: options.version,
  });
  if (!outcome.ok) return outcome;
  const results = await fetchPatientResults({
    accessToken: session.accessToken,
    userId: session.userId,
    sourceId: session.sourceId,
    requestId: requestIdOf(options.request),
  });
  if (!results.ok) return results;
  const app = results.results.apps.find((candidate) => candidate.appID === options.appId);
  if (!app || !app.reportReady) return { ok: false, status: 409, message: "No report is ready for this app" };
  const shown = options.version === undefined ? app.versions[0] : app.versions.find((each) => each.version === options.version);
  if (shown) await recordOpened(session.userId, app.appID, shown.version);
  return {
    ok: true,
    report: {
      reportUrl: outcome.reportUrl,
      label: appLabel(app, options.language),
      dataFile: resultIconFor(app.type) === "download" ? { bytes: app.fileBytes } : null,
      version: shown ? { number: shown.version, issuedOn: shown.issuedOn, newest: shown === app.versions[0] } : null,
    },
  };
}
