import { STATUS_CODES } from "node:http";
import { BrokenCircuitError, circuitBreaker, CircuitState, ConsecutiveBreaker, handleWhenResult } from "cockatiel";
import { appLabel } from "~/domain/dashboard-view";
import { normalizePatientResults, PatientResultsSchema, type PatientResults } from "~/domain/patient-results";
import { env } from "./env.server";
import { asParticipant, resultsUrl } from "./results-api.server";
import type { PortalSession } from "./session.server";
import { bodyAs, callUpstream, messageOf, UNANSWERED_STATUS, type UpstreamReply } from "./upstream.server";

/** SPEC.md §7: results requests are tried up to 3 times on a network or HTTP error. */
export const RESULTS_ATTEMPTS = 3;
export const NETWORK_ERROR_MESSAGE = "Network Error";

export type UpstreamFailure = { ok: false; status: number; message: string };
export type ResultsOutcome = { ok: true; results: PatientResults } | UpstreamFailure;

/**
 * What says the service itself is down: no answer (refused, reset, timed out) or a gateway's 502–504.
 * Only these move the shared breaker; one participant's own errors (a 500 or 599 about their record,
 * a 404) say nothing about the service, so they never show other participants the network-error screen.
 */
export function serviceIsDown(reply: UpstreamReply): boolean {
  return !reply.answered || reply.status === 502 || reply.status === 503 || reply.status === 504;
}

/**
 * One breaker per process: after RESULTS_BREAKER_FAILURES consecutive replies that say the service is
 * down it opens, and pages get the network-error screen at once; after RESULTS_BREAKER_HALF_OPEN_MS one
 * call goes through with RESULTS_PROBE_TIMEOUT_MS (pages arriving meanwhile wait for it).
 */
const breaker = circuitBreaker(
  handleWhenResult((reply) => serviceIsDown(reply as UpstreamReply)),
  { halfOpenAfter: env.RESULTS_BREAKER_HALF_OPEN_MS, breaker: new ConsecutiveBreaker(env.RESULTS_BREAKER_FAILURES) },
);

const refusedByBreaker: UpstreamReply = { answered: false, status: UNANSWERED_STATUS, error: "circuit open" };

/** Runs one attempt through the breaker; a probe (half-open) gets the short probe timeout. */
async function throughBreaker(attempt: (timeoutMs?: number) => Promise<UpstreamReply>): Promise<UpstreamReply> {
  try {
    return await breaker.execute(() => attempt(breaker.state === CircuitState.HalfOpen ? env.RESULTS_PROBE_TIMEOUT_MS : undefined));
  } catch (error) {
    if (error instanceof BrokenCircuitError) return refusedByBreaker;
    throw error;
  }
}

/** The results service has no record of this participant (yet): a normal state, never retried. */
export const NO_RECORD_STATUS = 404;

/** The failure a page shows for a reply that is not a success (SPEC.md §8: status and message). */
export function failureOf(reply: UpstreamReply): UpstreamFailure {
  if (!reply.answered) return { ok: false, status: UNANSWERED_STATUS, message: NETWORK_ERROR_MESSAGE };
  return { ok: false, status: reply.status, message: messageOf(reply) ?? STATUS_CODES[reply.status] ?? "" };
}

/**
 * GET with up to three attempts, each through the breaker, within RESULTS_BUDGET_MS (each at most
 * RESULTS_TIMEOUT_MS, or what is left of the budget); a 401 (the session is over) and a 404 (no record
 * yet) are final at once.
 */
export async function fetchPatientResults(
  options: Pick<PortalSession, "accessToken" | "userId" | "requestId"> & { sourceId?: string | null },
): Promise<ResultsOutcome> {
  const url = resultsUrl("results", options.userId);
  if (options.sourceId) url.searchParams.set("sourceID", options.sourceId);
  const deadline = Date.now() + env.RESULTS_BUDGET_MS;
  let reply: UpstreamReply = { answered: false, status: UNANSWERED_STATUS, error: "budget spent" };
  for (let attempt = 1; attempt <= RESULTS_ATTEMPTS; attempt += 1) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    reply = await throughBreaker((timeoutMs = env.RESULTS_TIMEOUT_MS) =>
      callUpstream({ upstream: "results", url, ...asParticipant(options), timeoutMs: Math.min(timeoutMs, left) }, attempt),
    );
    if (reply.answered && (reply.ok || reply.status === 401 || reply.status === NO_RECORD_STATUS)) break;
  }
  if (!reply.answered || !reply.ok) return failureOf(reply);
  const results = bodyAs(reply, PatientResultsSchema);
  if (!results) return { ok: false, status: 502, message: "Unexpected results response" };
  return { ok: true, results: normalizePatientResults(results) };
}

/** Report names by app (those `keep` picks) in `language`, of every source; null when the results service does not answer. */
export async function appLabels(
  session: Pick<PortalSession, "accessToken" | "userId" | "requestId">,
  language: string,
  keep: (app: PatientResults["apps"][number]) => boolean = () => true,
): Promise<Record<string, string> | null> {
  const outcome = await fetchPatientResults({ accessToken: session.accessToken, userId: session.userId, requestId: session.requestId });
  return outcome.ok ? Object.fromEntries(outcome.results.apps.filter(keep).map((app) => [app.appID, appLabel(app, language)])) : null;
}
