import { beforeAll, describe, expect, it } from "vitest";
import { adaSession } from "./support/ada-session";
import { useEmbeddedPortalDatabase } from "./support/embedded-portal-database";

/**
 * A participant's browser (or the tabs they have open) can send many requests at once. When the
 * session is due to be marked as seen, the database is written once, not once per request: every
 * write of the same row waits for the one before it to commit.
 */
let store: typeof import("~/services/session-store.server");

useEmbeddedPortalDatabase("touch", { SESSION_IDLE_TIMEOUT_SECONDS: "1800" });
beforeAll(async () => {
  store = await import("~/services/session-store.server");
});

/** Rows the portal has updated in its sessions table so far, as PostgreSQL counts them. */
async function sessionUpdates(): Promise<number> {
  const { database } = await import("~/services/db.server");
  const db = await database();
  // PostgreSQL publishes a connection's counts when a statement ends: the forced flush reaches the view after the next one.
  await db.query(`SELECT pg_stat_force_next_flush()`);
  await db.query(`SELECT 1`);
  const [row] = await db.query<{ updates: number }>(
    `SELECT n_tup_upd::int AS updates FROM pg_stat_user_tables WHERE relname = 'portal_sessions'`,
  );
  return row!.updates;
}

describe("marking a session as seen", () => {
  it("writes the session once when twenty requests arrive together after the touch interval", async () => {
    const start = Date.now();
    const sessionId = await store.createSession(adaSession(start));
    const before = await sessionUpdates();
    const twoMinutesLater = new Date(start + 120_000);

    const loaded = await Promise.all(Array.from({ length: 20 }, () => store.loadSession(sessionId, twoMinutesLater)));

    expect(loaded.every((session) => session?.lastSeenAt.getTime() === twoMinutesLater.getTime())).toBe(true);
    expect(await sessionUpdates()).toBe(before + 1);
  });

  it("still extends the idle limit for a participant who keeps coming back", async () => {
    const start = Date.now();
    const sessionId = await store.createSession(adaSession(start));
    for (let minutes = 20; minutes <= 100; minutes += 20) {
      expect(await store.loadSession(sessionId, new Date(start + minutes * 60_000)), `after ${minutes} min`).not.toBeNull();
    }
  });
});
