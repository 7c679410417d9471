import { BrokenCircuitError, circuitBreaker, CircuitState, ConsecutiveBreaker, handleWhen } from "cockatiel";
import { normalizePatientResults, PatientResultsSchema, type PatientResults } from "~/domain/patient-results";
import { env } from "./env.server";

/** SPEC.md §7: results requests are tried up to 3 times on a network or HTTP error. */
export const RESULTS_ATTEMPTS = 3;
/** The status SPEC.md §8 gives a request that got no answer at all. */
export const NETWORK_ERROR_STATUS = 599;
export const NETWORK_ERROR_MESSAGE = "Network Error";

export type UpstreamFailure = { ok: false; status: number; message: string };
export type ResultsOutcome = { ok: true; results: PatientResults } | UpstreamFailure;

type Attempt = { ok: true; response: Response } | UpstreamFailure;

/** A failure that says the service itself is in trouble (no answer, or 5xx); only these move the breaker. */
class ServiceTrouble extends Error {
  constructor(readonly failure: UpstreamFailure) {
    super(failure.message);
  }
}

/**
 * One breaker for the results service, shared by every request of this process: after
 * RESULTS_BREAKER_FAILURES consecutive calls with no answer or a 5xx it opens, and pages get the
 * network-error screen at once instead of waiting out their budget; after RESULTS_BREAKER_HALF_OPEN_MS
 * one call is let through with the short RESULTS_PROBE_TIMEOUT_MS (the pages arriving meanwhile wait
 * for it), and its answer closes or reopens it.
 */
const breaker = circuitBreaker(
  handleWhen((error) => error instanceof ServiceTrouble),
  { halfOpenAfter: env.RESULTS_BREAKER_HALF_OPEN_MS, breaker: new ConsecutiveBreaker(env.RESULTS_BREAKER_FAILURES) },
);

async function attemptOnce(url: URL, accessToken: string, timeoutMs: number): Promise<Attempt> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json", Accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new ServiceTrouble({ ok: false, status: NETWORK_ERROR_STATUS, message: NETWORK_ERROR_MESSAGE });
  }
  if (response.ok) return { ok: true, response };
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const failure: UpstreamFailure = {
    ok: false,
    status: response.status,
    message: typeof body?.message === "string" ? body.message : response.statusText,
  };
  if (response.status >= 500) throw new ServiceTrouble(failure);
  return failure;
}

async function guardedAttempt(url: URL, accessToken: string, timeoutMs: number): Promise<Attempt> {
  try {
    return await breaker.execute(() => {
      const probing = breaker.state === CircuitState.HalfOpen;
      return attemptOnce(url, accessToken, probing ? Math.min(timeoutMs, env.RESULTS_PROBE_TIMEOUT_MS) : timeoutMs);
    });
  } catch (error) {
    if (error instanceof ServiceTrouble) return error.failure;
    if (error instanceof BrokenCircuitError) return { ok: false, status: NETWORK_ERROR_STATUS, message: NETWORK_ERROR_MESSAGE };
    throw error;
  }
}

/**
 * GET with up to three attempts within one budget (RESULTS_BUDGET_MS across all of them, each at most
 * RESULTS_TIMEOUT_MS); a 401 is final at once (the session is over). After the last failure the status
 * and message are kept for the caller to choose a screen.
 */
export async function getWithRetries(url: URL, accessToken: string): Promise<Attempt> {
  const deadline = Date.now() + env.RESULTS_BUDGET_MS;
  let last: Attempt = { ok: false, status: NETWORK_ERROR_STATUS, message: NETWORK_ERROR_MESSAGE };
  for (let attempt = 1; attempt <= RESULTS_ATTEMPTS; attempt += 1) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    last = await guardedAttempt(url, accessToken, Math.min(env.RESULTS_TIMEOUT_MS, left));
    if (last.ok || last.status === 401) return last;
  }
  return last;
}

export async function fetchPatientResults(options: {
  accessToken: string;
  userId: string;
  sourceId?: string | null;
}): Promise<ResultsOutcome> {
  const url = new URL(`results/${encodeURIComponent(options.userId)}`, `${env.RESULTS_API_URL.replace(/\/$/, "")}/`);
  if (options.sourceId) url.searchParams.set("sourceID", options.sourceId);
  const outcome = await getWithRetries(url, options.accessToken);
  if (!outcome.ok) return outcome;
  const parsed = PatientResultsSchema.safeParse(await outcome.response.json().catch(() => null));
  if (!parsed.success) return { ok: false, status: 502, message: "Unexpected results response" };
  return { ok: true, results: normalizePatientResults(parsed.data) };
}
