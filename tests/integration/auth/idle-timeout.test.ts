import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adaSession } from "./support/ada-session";

/** A participant active more often than the idle limit stays signed in, however short the limit. */
let store: typeof import("~/services/session-store.server");

beforeAll(async () => {
  Object.assign(process.env, {
    SESSION_IDLE_TIMEOUT_SECONDS: "40",
    PORTAL_DATA_DIR: join(await mkdtemp(join(tmpdir(), "portal-idle-")), "db"),
    LOG_LEVEL: "silent",
  });
  delete process.env.DATABASE_URL;
  store = await import("~/services/session-store.server");
});

afterAll(async () => {
  const { closeDatabase } = await import("~/services/db.server");
  await closeDatabase();
});

describe("an idle limit under a minute", () => {
  it("keeps a participant who is active every 15 s signed in, and ends the session after 40 s without a request", async () => {
    const start = Date.now();
    const sessionId = await store.createSession(adaSession(start));
    for (let seconds = 15; seconds <= 120; seconds += 15) {
      expect(await store.loadSession(sessionId, new Date(start + seconds * 1000)), `after ${seconds} s`).not.toBeNull();
    }
    expect(await store.loadSession(sessionId, new Date(start + 161_000))).toBeNull();
  });
});
