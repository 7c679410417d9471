import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl } from "../../support/database";
import { adaSession } from "./support/ada-session";

/**
 * The session read brings the participant's flags with it (one query for both), on the embedded
 * database and, with DATABASE_URL, on a PostgreSQL server through the pg driver.
 */
let store: typeof import("~/services/session-store.server");
let flags: typeof import("~/services/participant-flags.server");
let db: typeof import("~/services/db.server");

beforeAll(async () => {
  Object.assign(process.env, {
    PORTAL_DATA_DIR: join(await mkdtemp(join(tmpdir(), "portal-flags-")), "db"),
    LOG_LEVEL: "silent",
  });
  const databaseUrl = await freshDatabaseUrl("portal_flags");
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  store = await import("~/services/session-store.server");
  flags = await import("~/services/participant-flags.server");
  db = await import("~/services/db.server");
});

afterAll(async () => {
  await db.closeDatabase();
});

const WELCOME_DISMISSED = "banner-dismissed:welcome";

async function signedIn(userId: string) {
  const sessionId = await store.createSession({ ...adaSession(Date.now()), userId });
  const session = await store.loadSession(sessionId);
  if (!session) throw new Error("the session did not load");
  return { sessionId, session };
}

describe("the session read", () => {
  it("carries no flags for a participant who has set none", async () => {
    const { session } = await signedIn("P-flags-none");
    expect(session.participantFlags).toEqual([]);
    expect(flags.hasParticipantFlag(session, WELCOME_DISMISSED)).toBe(false);
  });

  it("carries the flags set for its participant, and none of another participant's", async () => {
    await flags.setParticipantFlag("P-flags-grace", WELCOME_DISMISSED);
    await flags.setParticipantFlag("P-flags-grace", "banner-dismissed:other");
    await flags.setParticipantFlag("P-flags-linus", "banner-dismissed:linus-only");
    const { session } = await signedIn("P-flags-grace");
    expect(session.participantFlags).toEqual(["banner-dismissed:other", WELCOME_DISMISSED]);
    expect(flags.hasParticipantFlag(session, WELCOME_DISMISSED)).toBe(true);
    expect(flags.hasParticipantFlag(session, "banner-dismissed:linus-only")).toBe(false);
  });

  it("sees a flag set after the participant signed in at the next read, in every session of theirs", async () => {
    const first = await signedIn("P-flags-hedy");
    const second = await signedIn("P-flags-hedy");
    expect(first.session.participantFlags).toEqual([]);
    await flags.setParticipantFlag("P-flags-hedy", WELCOME_DISMISSED);
    await flags.setParticipantFlag("P-flags-hedy", WELCOME_DISMISSED);
    for (const { sessionId } of [first, second])
      expect((await store.loadSession(sessionId))?.participantFlags).toEqual([WELCOME_DISMISSED]);
  });

  it("keeps the flags on a session whose tokens were just renewed", async () => {
    await flags.setParticipantFlag("P-flags-ida", WELCOME_DISMISSED);
    const { session } = await signedIn("P-flags-ida");
    const renewed = await store.renewTokensOnce(
      session.idHash,
      () => true,
      async (current) => ({ ...current, accessToken: "access-renewed", renewals: [Date.now()] }),
    );
    expect(renewed?.accessToken).toBe("access-renewed");
    expect(renewed?.participantFlags).toEqual([WELCOME_DISMISSED]);
    const untouched = await store.renewTokensOnce(
      session.idHash,
      () => false,
      () => Promise.reject(new Error("not due")),
    );
    expect(untouched?.participantFlags).toEqual([WELCOME_DISMISSED]);
  });
});
