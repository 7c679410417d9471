import { env } from "./env.server";
import type { PortalSession } from "./session.server";

/** An address on the results service: RESULTS_API_URL and the path's segments, each encoded. */
export const resultsUrl = (...segments: string[]) =>
  new URL(segments.map(encodeURIComponent).join("/"), `${env.RESULTS_API_URL.replace(/\/$/, "")}/`);

/** A results-service call made as the signed-in participant: their access token, the service's timeout, the request's id. */
export const asParticipant = (session: PortalSession) => ({
  headers: { Authorization: `Bearer ${session.accessToken}` },
  timeoutMs: env.RESULTS_TIMEOUT_MS,
  requestId: session.requestId,
});
