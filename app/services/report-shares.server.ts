import { createHash, randomUUID } from "node:crypto";
import * as z from "zod";
import {
  CreatedShareSchema,
  ShareListSchema,
  ShareSchema,
  SharedReportSchema,
  type Share,
  type SharedReport,
} from "~/domain/report-share-reply";
import { reusableRequestKey, type PendingShareRequest, type ShareRequestInput } from "~/domain/share-request";
import { clientSourceHash } from "./client-source.server";
import { portalCookie } from "./cookie-security.server";
import { env } from "./env.server";
import { postAsParticipant, readAsParticipant, resultsUrl } from "./results-api.server";
import { appLabels } from "./results.server";
import { flowState, saveFlowState, type PortalSession } from "./session.server";
import { bodyAs, callUpstream, openUpstreamStream, retryAfterOf } from "./upstream.server";

/**
 * Shares live in the results service, beside the reports they open: the participant's own calls
 * carry their token; the clinician's carry only the share's own access, never a participant's token.
 */
/** The exome download is a file, not a report a clinician reads: it is never shared. */
const EXOME_APP = "exome-download";

export async function listShares(session: PortalSession): Promise<Share[] | null> {
  return (await readAsParticipant(session, resultsUrl("shares", session.userId), ShareListSchema))?.shares ?? null;
}

export type CreateOutcome =
  | z.infer<typeof CreatedShareSchema>
  | { failure: "too-many" | "not-allowed" | "unavailable" }
  /** The same request created this share minutes ago; its code is no longer kept. */
  | { failure: "created-before"; share: Share };

/** Where the key of the last share request waits, so that the same request sent again gets the same share. */
const SHARE_REQUEST_FLOW = "report-share-request";
const ShareAnswerSchema = z.object({ share: ShareSchema });

/**
 * The request key of one form's request: the same form posted again with the same words (two posts
 * at once, before either is kept in the session) is the same key; other words in it are another request.
 */
function formRequestKey(formKey: string, input: ShareRequestInput): string {
  const hex = createHash("sha256")
    .update(JSON.stringify([formKey, input.appId, input.recipient, input.days, input.language]))
    .digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A new share, or the same one again: the request key is kept before the call, so a lost answer is asked for again under it. */
export async function createShare(session: PortalSession, input: ShareRequestInput, formKey?: string): Promise<CreateOutcome> {
  const pending = flowState<PendingShareRequest>(session, SHARE_REQUEST_FLOW);
  const now = new Date();
  const requestKey = reusableRequestKey(pending, input, now) ?? (formKey ? formRequestKey(formKey, input) : randomUUID());
  if (requestKey !== pending?.key)
    await saveFlowState(session, SHARE_REQUEST_FLOW, { key: requestKey, input, chosenAt: now.toISOString() } satisfies PendingShareRequest);
  const reply = await postAsParticipant(session, resultsUrl("shares", session.userId), { ...input, requestKey });
  if (!reply.answered) return { failure: "unavailable" };
  if (reply.status === 429) return { failure: "too-many" };
  const earlier = reply.status === 409 ? bodyAs(reply, ShareAnswerSchema) : null;
  if (earlier) return { failure: "created-before", share: earlier.share };
  if (reply.status === 404 || reply.status === 409 || reply.status === 403) return { failure: "not-allowed" };
  return (reply.ok && bodyAs(reply, CreatedShareSchema)) || { failure: "unavailable" };
}

/** The share as ended, or why not: no such share of the participant's, or no answer (it may still be open). */
export async function revokeShare(session: PortalSession, shareId: string): Promise<Share | "not-found" | "unavailable"> {
  const reply = await postAsParticipant(session, resultsUrl("shares", session.userId, shareId, "revoke"));
  if (reply.answered && reply.status === 404) return "not-found";
  const share = reply.answered && reply.ok ? bodyAs(reply, ShareAnswerSchema)?.share : null;
  if (!share) return "unavailable";
  // A share ended: the same request made again afterwards is a new share, not the ended one.
  if (flowState<PendingShareRequest>(session, SHARE_REQUEST_FLOW)) await saveFlowState(session, SHARE_REQUEST_FLOW, null);
  return share;
}

export type OpenOutcome =
  | { kind: "opened"; access: string; expiresAt: string }
  | { kind: "no-match" }
  | { kind: "ended" }
  | { kind: "too-many"; retryAfterSeconds: number }
  | { kind: "unavailable" };

/**
 * The clinician's code (or link) and date of birth; the results service answers a miss the same way
 * every time. It counts failed attempts per source: the client's address, as a keyed hash.
 */
export async function openShare(
  secret: { code: string } | { link: string },
  dateOfBirth: string,
  from: { device: string; clientAddress: string; requestId?: string },
): Promise<OpenOutcome> {
  const { device, clientAddress, requestId } = from;
  const reply = await callUpstream({
    upstream: "results",
    url: resultsUrl("shared", "open"),
    method: "POST",
    json: { ...secret, dateOfBirth, device, source: clientSourceHash("share-source", clientAddress) },
    timeoutMs: env.RESULTS_TIMEOUT_MS,
    requestId,
  });
  if (!reply.answered) return { kind: "unavailable" };
  if (reply.status === 404 || reply.status === 400) return { kind: "no-match" };
  if (reply.status === 410) return { kind: "ended" };
  if (reply.status === 429) return { kind: "too-many", retryAfterSeconds: retryAfterOf(reply) };
  const opened = reply.ok ? bodyAs(reply, z.object({ access: z.string(), expiresAt: z.iso.datetime() })) : null;
  return opened ? { kind: "opened", ...opened } : { kind: "unavailable" };
}

const asClinician = (access: string) => ({ headers: { Authorization: `Share ${access}` }, timeoutMs: env.RESULTS_TIMEOUT_MS });

/** The shared report for the clinician's page, or why not: the share is not open (any more), or no answer. */
export async function sharedReport(access: string, language: string): Promise<SharedReport | "closed" | "unavailable"> {
  const url = resultsUrl("shared", "report");
  url.searchParams.set("lang", language);
  const reply = await callUpstream({ upstream: "results", url, ...asClinician(access) });
  if (!reply.answered || reply.status >= 500) return "unavailable";
  if (!reply.ok) return "closed";
  return bodyAs(reply, SharedReportSchema) ?? "unavailable";
}

/** 'Close this report': the results service ends the access (the browser forgets it either way). */
export async function closeSharedAccess(access: string): Promise<void> {
  await callUpstream({ upstream: "results", url: resultsUrl("shared", "close"), method: "POST", ...asClinician(access) });
}

export function openSharedPdf(access: string, language: string, until: AbortSignal) {
  const url = resultsUrl("shared", "report.pdf");
  url.searchParams.set("lang", language);
  return openUpstreamStream({ upstream: "results", url, ...asClinician(access) }, until);
}

/** The clinician's access: httpOnly, for the shared pages only, until the access ends. */
export const clinicianAccessCookie = portalCookie("portal_shared_access", { path: "/shared", secrets: [env.SESSION_SECRET] });

export async function readClinicianAccess(request: Request): Promise<string | null> {
  const value: unknown = await clinicianAccessCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** The participant's report names by app, in the page's language (Spanish labels in Spanish); null when the results service does not answer. */
export function reportLabels(session: PortalSession, language: string): Promise<Record<string, string> | null> {
  return appLabels(session, language, (app) => app.appName !== EXOME_APP);
}

/** Where a new share's code and link wait, sealed in the participant's session, for its page to show them. */
export const FRESH_SHARE_FLOW = "report-share";
export type FreshShare = { id: string; code: string; link: string };
