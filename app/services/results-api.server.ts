import type * as z from "zod";
import { env } from "./env.server";
import type { PortalSession } from "./session.server";
import { bodyAs, callUpstream } from "./upstream.server";

/** An address on the results service: RESULTS_API_URL and the path's segments, each encoded. */
export const resultsUrl = (...segments: string[]) =>
  new URL(segments.map(encodeURIComponent).join("/"), `${env.RESULTS_API_URL.replace(/\/$/, "")}/`);

/** A results-service call made as the signed-in participant: their access token, the service's timeout, the request's id. */
export const asParticipant = (session: Pick<PortalSession, "accessToken" | "requestId">) => ({
  headers: { Authorization: `Bearer ${session.accessToken}` },
  timeoutMs: env.RESULTS_TIMEOUT_MS,
  requestId: session.requestId,
});

/** A POST to the results service as the signed-in participant, with its JSON body when there is one. */
export const postAsParticipant = (session: PortalSession, url: URL, json?: unknown) =>
  callUpstream({ upstream: "results", url, method: "POST", json, ...asParticipant(session) });

/** A GET from the results service as the signed-in participant: the answer as `schema` reads it; null for no answer or an error. */
export async function readAsParticipant<T>(session: PortalSession, url: URL, schema: z.ZodType<T>): Promise<T | null> {
  const reply = await callUpstream({ upstream: "results", url, ...asParticipant(session) });
  return reply.answered && reply.ok ? bodyAs(reply, schema) : null;
}
