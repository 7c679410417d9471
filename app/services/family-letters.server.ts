import * as z from "zod";
import {
  FamilyLetterSchema,
  LetterContentSchema,
  type FamilyLetter,
  type LetterContent,
  type LetterLanguage,
} from "~/domain/family-letter";
import { clientSourceHash } from "./client-source.server";
import { env } from "./env.server";
import { asParticipant, postAsParticipant, readAsParticipant, resultsUrl } from "./results-api.server";
import type { PortalSession } from "./session.server";
import { bodyAs, callUpstream, openUpstreamStream, retryAfterOf } from "./upstream.server";

/**
 * Family letters live in the results service, beside the FH report they go with: the participant's
 * calls carry their token; a relative's carries only the code, never a participant's token.
 */
const LetterAnswerSchema = z.object({ letter: FamilyLetterSchema });

export async function listFamilyLetters(session: PortalSession): Promise<FamilyLetter[] | null> {
  const url = resultsUrl("family-letters", session.userId);
  return (await readAsParticipant(session, url, z.object({ letters: z.array(FamilyLetterSchema) })))?.letters ?? null;
}

/** The report's open letter, or a new one (the results service keeps one open letter per report). */
export async function makeFamilyLetter(session: PortalSession, appId: string): Promise<FamilyLetter | "not-allowed" | "unavailable"> {
  const reply = await postAsParticipant(session, resultsUrl("family-letters", session.userId), { appId });
  if (!reply.answered || reply.status >= 500) return "unavailable";
  if (!reply.ok) return "not-allowed";
  return bodyAs(reply, LetterAnswerSchema)?.letter ?? "unavailable";
}

export async function endFamilyLetter(session: PortalSession, letterId: string): Promise<FamilyLetter | "not-found" | "unavailable"> {
  const reply = await postAsParticipant(session, resultsUrl("family-letters", session.userId, letterId, "end"));
  if (reply.answered && reply.status === 404) return "not-found";
  return (reply.answered && reply.ok && bodyAs(reply, LetterAnswerSchema)?.letter) || "unavailable";
}

/** The letter's words in one language, for the participant's page. */
export async function readFamilyLetter(session: PortalSession, letterId: string, language: LetterLanguage): Promise<LetterContent | null> {
  const url = resultsUrl("family-letters", session.userId, letterId, "letter");
  url.searchParams.set("lang", language);
  return (await readAsParticipant(session, url, z.object({ content: LetterContentSchema })))?.content ?? null;
}

export function openFamilyLetterPdf(session: PortalSession, letterId: string, language: LetterLanguage, until: AbortSignal) {
  const url = resultsUrl("family-letters", session.userId, letterId, "letter.pdf");
  url.searchParams.set("lang", language);
  return openUpstreamStream({ upstream: "results", url, ...asParticipant(session) }, until);
}

export type RelativeOutcome =
  | { kind: "opened"; letter: LetterContent }
  | { kind: "no-match" }
  | { kind: "ended"; reason: "expired" | "ended" }
  | { kind: "too-many"; retryAfterSeconds: number }
  | { kind: "unavailable" };

/**
 * A relative's code: the letter, or why not. The results service counts failed attempts per source
 * (the client's address, as a keyed hash) as it does for share codes.
 */
export async function openRelativeLetter(
  code: string,
  language: LetterLanguage,
  from: { clientAddress: string; requestId?: string },
): Promise<RelativeOutcome> {
  const reply = await callUpstream({
    upstream: "results",
    url: resultsUrl("family-letter", "open"),
    method: "POST",
    json: { code, language, source: clientSourceHash("relative-source", from.clientAddress) },
    timeoutMs: env.RESULTS_TIMEOUT_MS,
    requestId: from.requestId,
  });
  if (!reply.answered) return { kind: "unavailable" };
  if (reply.status === 404 || reply.status === 400) return { kind: "no-match" };
  if (reply.status === 410)
    return { kind: "ended", reason: bodyAs(reply, z.object({ reason: z.enum(["expired", "ended"]) }))?.reason ?? "ended" };
  if (reply.status === 429) return { kind: "too-many", retryAfterSeconds: retryAfterOf(reply) };
  const opened = reply.ok ? bodyAs(reply, z.object({ letter: LetterContentSchema })) : null;
  return opened ? { kind: "opened", letter: opened.letter } : { kind: "unavailable" };
}
