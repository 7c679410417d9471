import { serviceFetch } from "../../lib/http/service-fetch.ts";
import type { Database } from "../../lib/postgres/index.ts";

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

/**
 * `checks` decide whether this instance takes requests: its database, and not stopping. The identity
 * provider's key set is `upstreams`, reported only: when it cannot be fetched every instance is alike
 * (tokens of keys already fetched are still checked), so none is taken out for it.
 */
export async function checkReadiness(db: Database, jwksUrl: string, draining: boolean) {
  const [database, keys] = await Promise.all([databaseAnswers(db), keysReachable(jwksUrl)]);
  return {
    ready: database && !draining,
    checks: { database: database ? "ok" : "failed", ...(draining ? { draining: true as const } : {}) },
    upstreams: { identityProviderKeys: keys ? "ok" : "failed" },
  };
}
