import { beforeAll, describe, expect, it } from "vitest";
import { adaSession } from "./support/ada-session";
import { useEmbeddedPortalDatabase } from "./support/embedded-portal-database";

/** A participant active more often than the idle limit stays signed in, however short the limit. */
let store: typeof import("~/services/session-store.server");

useEmbeddedPortalDatabase("idle", { SESSION_IDLE_TIMEOUT_SECONDS: "40" });
beforeAll(async () => {
  store = await import("~/services/session-store.server");
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
