import { serviceFetch } from "../../lib/http/service-fetch.ts";
import type { Database } from "../../lib/postgres/index.ts";

export interface ReadinessReport {
  ready: boolean;
  checks: { database: "ok" | "failed"; identityProviderKeys: "ok" | "failed" };
}

const CHECK_TIMEOUT_MS = 2000;

async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    const rows = await Promise.race([
      db.query<{ ok: number }>("SELECT 1 AS ok"),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), CHECK_TIMEOUT_MS).unref()),
    ]);
    return rows[0]?.ok === 1;
  } catch {
    return false;
  }
}

async function keysReachable(jwksUrl: string): Promise<boolean> {
  try {
    const response = await serviceFetch(jwksUrl, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    if (!response.ok) return false;
    const body = (await response.json()) as { keys?: unknown };
    return Array.isArray(body.keys) && body.keys.length > 0;
  } catch {
    return false;
  }
}

/** Ready means this service can answer results: its database works and tokens can be checked. */
export async function checkReadiness(db: Database, jwksUrl: string): Promise<ReadinessReport> {
  const [database, keys] = await Promise.all([databaseAnswers(db), keysReachable(jwksUrl)]);
  return {
    ready: database && keys,
    checks: { database: database ? "ok" : "failed", identityProviderKeys: keys ? "ok" : "failed" },
  };
}
