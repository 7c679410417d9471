import { beforeEach, describe, expect, it, vi } from "vitest";
import { testLoadContext } from "../../tests/support/load-context";
import type { SessionRecord } from "./session-store.server";

const loadSession = vi.fn<(sessionId: string) => Promise<SessionRecord | null>>();

vi.mock("./session-store.server", () => ({
  loadSession: (sessionId: string) => loadSession(sessionId),
  deleteSession: vi.fn(),
  renewTokensOnce: vi.fn(),
  writeFlowState: vi.fn(),
}));

const { readSession, requireVisitor, sessionCookieFor } = await import("./session.server");

const sessionId = "a".repeat(43);
const stored: SessionRecord = {
  idHash: "hash",
  userId: "user-1",
  tokenType: "IDP",
  email: "ada@example.test",
  fullName: "Ada",
  sourceId: null,
  accessToken: "token",
  accessTokenExpiresAt: new Date(Date.now() + 30 * 60_000),
  refreshToken: "refresh",
  idToken: null,
  renewals: [],
  flowState: {},
  createdAt: new Date(),
  lastSeenAt: new Date(),
  participantFlags: [],
};

/** React Router gives every loader its own copy of the request, built from the same URL and headers. */
async function loaderRequest(): Promise<Request> {
  const cookie = (await sessionCookieFor(sessionId)).split(";")[0]!;
  return new Request("http://portal.test/", { headers: { Cookie: cookie } });
}

describe("one session read per request", () => {
  beforeEach(() => {
    loadSession.mockReset();
    loadSession.mockResolvedValue(stored);
  });

  it("loaders of one request that pass its context share one read", async () => {
    const context = testLoadContext();
    const [layout, page] = await Promise.all([
      requireVisitor(await loaderRequest(), context),
      requireVisitor(await loaderRequest(), context),
    ]);
    expect(layout).toBe(page);
    expect(loadSession).toHaveBeenCalledTimes(1);
    expect(loadSession).toHaveBeenCalledWith(sessionId);
  });

  it("different requests read again", async () => {
    await readSession(await loaderRequest(), testLoadContext());
    await readSession(await loaderRequest(), testLoadContext());
    expect(loadSession).toHaveBeenCalledTimes(2);
  });

  it("without a context every call reads (an action's read is not reused by the loaders after it)", async () => {
    const request = await loaderRequest();
    await readSession(request);
    await readSession(request);
    expect(loadSession).toHaveBeenCalledTimes(2);
  });
});
