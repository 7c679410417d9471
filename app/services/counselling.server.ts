import * as z from "zod";
import {
  CounsellingListSchema,
  CounsellingRequestSchema,
  offersCounselling,
  type CounsellingForm,
  type CounsellingRequest,
} from "~/domain/counselling";
import { postAsParticipant, readAsParticipant, resultsUrl } from "./results-api.server";
import { appLabels } from "./results.server";
import type { PortalSession } from "./session.server";
import { bodyAs, retryAfterOf } from "./upstream.server";

/**
 * Requests to talk to a genetic counsellor live in the results service, beside the reports they are
 * about; the participant's own calls carry their token. The program's counselling team reads them
 * there as a queue.
 */
export async function listCounsellingRequests(session: PortalSession): Promise<CounsellingRequest[] | null> {
  return (await readAsParticipant(session, resultsUrl("counselling", session.userId), CounsellingListSchema))?.requests ?? null;
}

const RequestAnswerSchema = z.object({ request: CounsellingRequestSchema });

export type CounsellingCreateOutcome =
  | { request: CounsellingRequest }
  | { failure: "open-request"; openRequest: CounsellingRequest }
  | { failure: "too-many"; retryAfterSeconds: number }
  | { failure: "not-allowed" | "invalid" | "unavailable" };

export async function createCounsellingRequest(
  session: PortalSession,
  form: CounsellingForm,
  locale: "en" | "es",
): Promise<CounsellingCreateOutcome> {
  const reply = await postAsParticipant(session, resultsUrl("counselling", session.userId), { ...form, locale });
  if (!reply.answered) return { failure: "unavailable" };
  const open = reply.status === 409 ? bodyAs(reply, z.object({ openRequest: CounsellingRequestSchema })) : null;
  if (open) return { failure: "open-request", openRequest: open.openRequest };
  if (reply.status === 429) return { failure: "too-many", retryAfterSeconds: retryAfterOf(reply) };
  if (reply.status === 400) return { failure: "invalid" };
  if (reply.status === 403 || reply.status === 404 || reply.status === 409) return { failure: "not-allowed" };
  return (reply.ok && bodyAs(reply, RequestAnswerSchema)) || { failure: "unavailable" };
}

/** The request as cancelled, or why not: no such request of the participant's, or no answer (it may still be open). */
export async function cancelCounsellingRequest(
  session: PortalSession,
  requestId: string,
): Promise<CounsellingRequest | "not-found" | "unavailable"> {
  const reply = await postAsParticipant(session, resultsUrl("counselling", session.userId, requestId, "cancel"));
  if (reply.answered && reply.status === 404) return "not-found";
  return (reply.answered && reply.ok && bodyAs(reply, RequestAnswerSchema)?.request) || "unavailable";
}

/**
 * The reports a counsellor talks about (ready health, FH and exome reports), by app, named in the
 * page's language; null when the results service does not answer.
 */
export function counsellingReports(session: PortalSession, language: string): Promise<Record<string, string> | null> {
  return appLabels(session, language, (app) => app.reportReady && offersCounselling(app));
}

/** Every report's name by app (an ended request may be about a report no longer offered). */
export async function reportNames(session: PortalSession, language: string): Promise<Record<string, string>> {
  return (await appLabels(session, language)) ?? {};
}
