import * as z from "zod";
import { DataExportListSchema, DataExportSchema, type DataExport } from "~/domain/data-export-reply";
import { STEP_UP_PROOF_HEADER } from "./reports.server";
import { asParticipant, postAsParticipant, resultsUrl } from "./results-api.server";
import type { PortalSession } from "./session.server";
import { bodyAs, callUpstream, openUpstreamStream } from "./upstream.server";

/**
 * The download of everything (results service, `/exports/{userID}`): asked for and listed with the
 * participant's own access token, and the file passed through to them as it is read. The file never
 * goes anywhere but to the signed-in participant whose export it is.
 */

export type ExportListOutcome = { ok: true; exports: DataExport[] } | { ok: false; status: number };

export async function listDataExports(session: PortalSession): Promise<ExportListOutcome> {
  const reply = await callUpstream({ upstream: "results", url: resultsUrl("exports", session.userId), ...asParticipant(session) });
  const body = reply.answered && reply.ok ? bodyAs(reply, DataExportListSchema) : null;
  return body ? { ok: true, exports: body.exports } : { ok: false, status: reply.status };
}

const RefusedSchema = z.object({ retryAfterSeconds: z.number().int().positive() });

export type ExportRequestOutcome =
  { kind: "requested"; export: DataExport } | { kind: "too-many"; retryAfterSeconds: number } | { kind: "unavailable"; status: number };

/** Never retried: a request that got no answer may have been recorded, and the list will say so. */
export async function requestDataExport(session: PortalSession, language: "en" | "es"): Promise<ExportRequestOutcome> {
  const reply = await postAsParticipant(session, resultsUrl("exports", session.userId), { language });
  const requested = reply.status === 202 ? bodyAs(reply, z.object({ export: DataExportSchema })) : null;
  if (requested) return { kind: "requested", export: requested.export };
  const refused = reply.status === 429 ? bodyAs(reply, RefusedSchema) : null;
  if (refused) return { kind: "too-many", retryAfterSeconds: refused.retryAfterSeconds };
  return { kind: "unavailable", status: reply.status };
}

/**
 * The archive as the results service streams it, or the status it answered (404, 409, 410, …). It holds
 * raw genetic data: the results service releases it only with a fresh proof (purpose `download`).
 */
export async function openDataExportFile(session: PortalSession, exportId: string, until: AbortSignal, proof: string) {
  const url = resultsUrl("exports", session.userId, exportId, "file");
  const participant = asParticipant(session);
  const headers = { ...participant.headers, [STEP_UP_PROOF_HEADER]: proof };
  return openUpstreamStream({ upstream: "results", url, ...participant, headers }, until);
}
