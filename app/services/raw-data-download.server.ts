import { randomBytes, timingSafeEqual } from "node:crypto";
import type { AuthMethod } from "~/domain/auth-code";
import { appLabel } from "~/domain/dashboard-view";
import {
  ARCHIVE_LINK_MINUTES,
  type DownloadState,
  type DownloadTarget,
  EXOME_LINK_MINUTES,
  type ReleasedDownload,
} from "~/domain/raw-data-download";
import { resultIconFor } from "~/domain/result-icons";
import type { VerificationFailure } from "~/domain/verification";
import { listDataExports } from "./data-exports.server";
import { requestIdOf } from "./logger.server";
import { sessionReportUrl } from "./reports.server";
import { fetchPatientResults } from "./results.server";
import { flowOf, saveFlowState, type PortalSession } from "./session.server";
import { startCodeStep, verifyCode } from "./verification.server";

/**
 * Raw genetic data after a fresh second factor (purpose `download`): the code is sent and checked
 * through the one verification flow; the identity provider's proof then releases one file, once. The
 * exome's single-use address comes from the results service at once; the archive's proof waits in the
 * session behind a single-use ticket until the participant follows its link.
 */
export const DOWNLOAD_FLOW = "raw-data-download";
const PURPOSE = "download";

export type DownloadFailure = VerificationFailure | { kind: "unavailable" };

export const { state: downloadState, forget: forgetDownload } = flowOf<DownloadState>(DOWNLOAD_FLOW);

/** What the page names of a file that is the participant's and can be had now (an exome that is ready, an archive that is ready). */
export async function downloadableFile(request: Request, session: PortalSession, target: DownloadTarget, language: string) {
  if (target.kind === "exome") {
    const results = await fetchPatientResults({ ...session, requestId: requestIdOf(request) });
    if (!results.ok) return null;
    const app = results.results.apps.find((candidate) => candidate.appID === target.appId);
    if (!app || !app.reportReady || resultIconFor(app.type) !== "download") return null;
    return { label: appLabel(app, language), bytes: app.fileBytes };
  }
  const listed = await listDataExports(session);
  if (!listed.ok) return null;
  const found = listed.exports.find((each) => each.id === target.exportId);
  const stillKept = found?.expiresAt ? Date.parse(found.expiresAt) > Date.now() : false;
  return found?.status === "ready" && stillKept ? { label: null, bytes: found.sizeBytes } : null;
}

/** Step one: a code to the participant's phone (or the app's, nothing sent), for this file. */
export async function sendDownloadCode(
  session: PortalSession,
  target: DownloadTarget,
  method: AuthMethod,
): Promise<DownloadState | DownloadFailure> {
  return startCodeStep(session, PURPOSE, DOWNLOAD_FLOW, { target, step: "code" as const, method });
}

/**
 * Step two: the code passes, and the file is released: the exome's single-use address (the results
 * service takes the proof now), or the archive's ticket (the proof is taken when the link is followed).
 */
export async function confirmDownload(
  request: Request,
  session: PortalSession,
  state: DownloadState,
  code: string,
  language: string,
): Promise<ReleasedDownload | DownloadFailure> {
  const passed = await verifyCode(session, PURPOSE, state.method, code);
  if (!("ok" in passed)) return passed;
  if (!passed.proof) return { kind: "unavailable" };
  const now = Date.now();
  let released: ReleasedDownload;
  if (state.target.kind === "exome") {
    const outcome = await sessionReportUrl(request, session, { appId: state.target.appId, language, proof: passed.proof });
    // The proof is spent either way: a failure needs a new code.
    if (!outcome.ok) {
      await forgetDownload(session);
      return { kind: "unavailable" };
    }
    released = { kind: "exome", url: outcome.reportUrl, until: now + EXOME_LINK_MINUTES * 60_000 };
  } else {
    released = {
      kind: "archive",
      ticket: randomBytes(32).toString("base64url"),
      proof: passed.proof,
      until: now + ARCHIVE_LINK_MINUTES * 60_000,
    };
  }
  await saveFlowState(session, DOWNLOAD_FLOW, { ...state, step: "ready", released } satisfies DownloadState);
  return released;
}

/**
 * The archive's link followed: its proof, once (the ticket is spent here, whatever happens next), or
 * null for a ticket that is not this session's live one for this archive.
 */
export async function takeArchiveRelease(session: PortalSession, exportId: string, ticket: string): Promise<string | null> {
  const state = downloadState(session);
  const released = state?.released;
  if (state?.target.kind !== "archive" || state.target.exportId !== exportId || released?.kind !== "archive") return null;
  const given = Buffer.from(ticket);
  const expected = Buffer.from(released.ticket);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  await forgetDownload(session);
  return released.until > Date.now() ? released.proof : null;
}
