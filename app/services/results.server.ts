import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
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

/**
 * Connections to the results service are kept open and reused: the fetch remix-serve installs
 * otherwise asks for "Connection: close" and opens (and resolves the host name for) a new one per
 * request. Node's own fetch ignores the option and reuses connections by itself.
 */
const keepAlive = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
const agentFor = (url: URL) => (url.protocol === "https:" ? keepAlive.https : keepAlive.http);

async function attemptOnce(url: URL, accessToken: string): Promise<Attempt> {
  try {
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json", Accept: "application/json" },
      signal: AbortSignal.timeout(env.RESULTS_TIMEOUT_MS),
      agent: agentFor,
    } as RequestInit);
    if (response.ok) return { ok: true, response };
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return { ok: false, status: response.status, message: typeof body?.message === "string" ? body.message : response.statusText };
  } catch {
    return { ok: false, status: NETWORK_ERROR_STATUS, message: NETWORK_ERROR_MESSAGE };
  }
}

/**
 * GET with up to three attempts; a 401 is final at once (the session is over). After the last
 * failure the status and message are kept for the caller to choose a screen.
 */
export async function getWithRetries(url: URL, accessToken: string): Promise<Attempt> {
  let last: Attempt = { ok: false, status: NETWORK_ERROR_STATUS, message: NETWORK_ERROR_MESSAGE };
  for (let attempt = 1; attempt <= RESULTS_ATTEMPTS; attempt += 1) {
    last = await attemptOnce(url, accessToken);
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
