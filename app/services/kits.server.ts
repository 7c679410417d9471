import * as z from "zod";
import { KitSchema, type Kit } from "~/domain/kit-registration";
import { clientSourceHash } from "./client-source.server";
import { postAsParticipant, readAsParticipant, resultsUrl } from "./results-api.server";
import type { PortalSession } from "./session.server";
import { bodyAs, retryAfterOf } from "./upstream.server";

/**
 * Kits live in the results service, which knows every kit the program sent out by its barcode: the
 * participant's own calls carry their token, and a registration says who is asking (a keyed hash of
 * the client's address) so that guesses are counted per address as well as per participant.
 */

/** The participant's kits, newest first; null when the results service does not answer. */
export async function listKits(session: PortalSession): Promise<Kit[] | null> {
  return (await readAsParticipant(session, resultsUrl("kits", session.userId), z.object({ kits: z.array(KitSchema) })))?.kits ?? null;
}

export type RegisterOutcome =
  | { kind: "registered"; kit: Kit }
  /** Unknown, or registered to someone else: the results service answers both alike. */
  | { kind: "no-match" }
  | { kind: "yours"; kit: Kit }
  | { kind: "too-many"; retryAfterSeconds: number }
  | { kind: "not-allowed" }
  | { kind: "unavailable" };

export async function registerKit(
  session: PortalSession,
  input: { barcode: string; collectedOn: string },
  clientAddress: string,
): Promise<RegisterOutcome> {
  const name = session.fullName?.trim() || session.email || "";
  const reply = await postAsParticipant(session, resultsUrl("kits", session.userId), {
    ...input,
    sampleOf: "self",
    source: clientSourceHash("kit-source", clientAddress),
    // For a first kit of someone the results service has no record of yet.
    ...(session.email && name ? { participant: { email: session.email, name } } : {}),
  });
  if (!reply.answered || reply.status >= 500) return { kind: "unavailable" };
  if (reply.status === 404) return { kind: "no-match" };
  if (reply.status === 429) return { kind: "too-many", retryAfterSeconds: retryAfterOf(reply) };
  const answer = bodyAs(reply, z.object({ kit: KitSchema }));
  if (reply.status === 409) return answer ? { kind: "yours", kit: answer.kit } : { kind: "not-allowed" };
  if (reply.ok && answer) return { kind: "registered", kit: answer.kit };
  return reply.status === 400 || reply.status === 403 ? { kind: "not-allowed" } : { kind: "unavailable" };
}
