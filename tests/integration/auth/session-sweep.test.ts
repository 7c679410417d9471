import { beforeAll, describe, expect, it } from "vitest";
import { adaSession } from "./support/ada-session";
import { useEmbeddedPortalDatabase } from "./support/embedded-portal-database";

/** Sessions a participant never came back to leave the table, with the flow state they carried. */
let store: typeof import("~/services/session-store.server");
let sweep: typeof import("~/services/session-sweep.server");

useEmbeddedPortalDatabase("sweep", { SESSION_IDLE_TIMEOUT_SECONDS: "900", SESSION_ABSOLUTE_TIMEOUT_SECONDS: "43200" });
beforeAll(async () => {
  store = await import("~/services/session-store.server");
  sweep = await import("~/services/session-sweep.server");
});

async function rowCount(): Promise<number> {
  const { database } = await import("~/services/db.server");
  const [row] = await (await database()).query<{ count: number }>(`SELECT count(*)::int AS count FROM portal_sessions`);
  return row!.count;
}

async function seed(count: number, lastSeenAt: string, createdAt: string) {
  const { database } = await import("~/services/db.server");
  await (
    await database()
  ).query(
    `INSERT INTO portal_sessions (id_hash, user_id, token_type, access_token, access_token_expires_at, flow_state, created_at, last_seen_at)
     SELECT 'seed-' || $1 || '-' || n, 'P' || n, 'IDP', 'at', now(), '{"password-update": {"step": "new-password"}}'::jsonb, $3::timestamptz, $2::timestamptz
     FROM generate_series(1, $4::int) AS n`,
    [lastSeenAt, lastSeenAt, createdAt, count],
  );
}

describe("the sweep of ended sessions", () => {
  it("removes idle and too-old sessions, and keeps live ones usable", async () => {
    const now = new Date();
    const live = await store.createSession(adaSession(now.getTime()));
    const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
    const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
    await seed(1_500, hourAgo, hourAgo); // idle for an hour
    await seed(600, new Date(now.getTime() - 60_000).toISOString(), dayAgo); // active, but signed in a day ago
    expect(await rowCount()).toBe(2_101);

    const limit = sweep.SWEEP_BATCH * sweep.SWEEP_MAX_BATCHES;
    expect(await sweep.sweepEndedSessions(now)).toBe(Math.min(2_100, limit));
    expect(await rowCount()).toBe(1);
    expect(await store.loadSession(live, now)).not.toBeNull();
    expect(await sweep.sweepEndedSessions(now)).toBe(0);
  });

  it("finds them through indexes, not by reading the whole table", async () => {
    const { database } = await import("~/services/db.server");
    const db = await database();
    await db.query(`SET enable_seqscan = off`);
    const plan = await db.query<{ "QUERY PLAN": string }>(
      `EXPLAIN SELECT id_hash FROM portal_sessions WHERE last_seen_at < now() OR created_at < now() LIMIT 1000`,
    );
    await db.query(`SET enable_seqscan = on`);
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("portal_sessions_last_seen_at");
    expect(text).toContain("portal_sessions_created_at");
  });
});
