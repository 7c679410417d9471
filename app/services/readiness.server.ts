import { setTimeout as sleep } from "node:timers/promises";
import type { Database } from "../../lib/postgres/index.ts";
import { clientCredentialsCheck, type ClientCredentialsCheck } from "./client-credentials.server";
import { database } from "./db.server";
import { env } from "./env.server";
import { callUpstream, type UpstreamName } from "./upstream.server";

type CheckResult = "ok" | "failed";

export interface ReadinessDependencies {
  database: () => Promise<Database>;
  /** True once the process is stopping: load balancers should send new requests elsewhere. */
  draining?: boolean;
  /** What the start-up check of the client credentials found (client-credentials.server.ts). */
  identityClient?: ClientCredentialsCheck;
  issuer: string;
  resultsUrl: string;
  timeoutMs?: number;
}

async function databaseAnswers(open: () => Promise<Database>, timeoutMs: number): Promise<CheckResult> {
  try {
    const answer = open().then((db) => db.query<{ ok: number }>("SELECT 1 AS ok"));
    const rows = await Promise.race([answer, sleep(timeoutMs, [], { ref: false })]);
    return rows[0]?.ok === 1 ? "ok" : "failed";
  } catch {
    return "failed";
  }
}

async function answersOk(
  upstream: UpstreamName,
  url: string,
  timeoutMs: number,
  isValid: (body: unknown) => boolean,
): Promise<CheckResult> {
  const reply = await callUpstream({ upstream, url, timeoutMs });
  return reply.answered && reply.ok && isValid(reply.body) ? "ok" : "failed";
}

/**
 * `checks` decide whether this instance takes requests: its own database answers, the identity provider
 * does not refuse its client credentials, and it is not stopping. The services it calls are `upstreams`,
 * asked at the same time within the same timeout and reported only: when one is down every instance is
 * down alike, and the portal already shows participants its own pages for that, so no instance is taken out.
 */
export async function checkReadiness(dependencies: ReadinessDependencies) {
  const timeoutMs = dependencies.timeoutMs ?? 2_000;
  const [databaseCheck, identityProvider, results] = await Promise.all([
    databaseAnswers(dependencies.database, timeoutMs),
    answersOk("identity", `${dependencies.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`, timeoutMs, (body) =>
      Boolean(body && typeof body === "object" && "issuer" in body),
    ),
    answersOk("results", `${dependencies.resultsUrl.replace(/\/+$/, "")}/healthz`, timeoutMs, () => true),
  ]);
  const identityClient = dependencies.identityClient ?? "unknown";
  const checks = { database: databaseCheck, identityClient, ...(dependencies.draining ? { draining: true as const } : {}) };
  const ready = !dependencies.draining && databaseCheck === "ok" && identityClient !== "refused";
  return { ready, checks, upstreams: { identityProvider, results } };
}

export function checkPortalReadiness(draining: boolean) {
  return checkReadiness({
    database,
    draining,
    identityClient: clientCredentialsCheck(),
    issuer: env.IDP_ISSUER,
    resultsUrl: env.RESULTS_API_URL,
    timeoutMs: env.READINESS_TIMEOUT_MS,
  });
}
