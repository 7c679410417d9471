import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionRecord } from "./session-store.server";

const loadSession = vi.fn<(sessionId: string) => Promise<SessionRecord | null>>();

vi.mock("./session-store.server", () => ({
  loadSession: (sessionId: string) => loadSession(sessionId),
  deleteSession: vi.fn(),
  renewTokensOnce: vi.fn(),
  writeFlowState: vi.fn(),
  hashSessionId: () => "hash",
}));
vi.mock("./session-sweep.server", () => ({ revokeEndedSessionTokens: vi.fn(async () => undefined) }));

const { participantSession, readSession, sessionCookieFor, sessionMiddleware, visitorSession } = await import("./session.server");

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

async function signedInRequest(url = "http://portal.test/"): Promise<Request> {
  const cookie = (await sessionCookieFor(sessionId)).split(";")[0]!;
  return new Request(url, { headers: { Cookie: cookie } });
}

/** The signed-in layout's middleware for one request, around `handler` (its loaders and actions). */
async function throughLayout(request: Request, handler: (context: RouterContextProvider) => Promise<Response>): Promise<Response> {
  const context = new RouterContextProvider();
  const url = new URL(request.url);
  try {
    const next = () => handler(context);
    return (await sessionMiddleware({ request, context, url, params: {}, pattern: url.pathname }, next)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the signed-in layout's middleware", () => {
  beforeEach(() => {
    loadSession.mockReset();
    loadSession.mockResolvedValue(stored);
  });

  it("reads the session once for every loader and action of a request, and keeps the answer out of caches", async () => {
    const response = await throughLayout(await signedInRequest(), async (context) => {
      const [layout, page] = [visitorSession(context), participantSession(context)];
      expect(layout).toBe(page);
      expect(layout.userId).toBe("user-1");
      return Response.json({ ok: true }, { headers: { "Cache-Control": "public, max-age=60" } });
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(loadSession).toHaveBeenCalledTimes(1);
    expect(loadSession).toHaveBeenCalledWith(sessionId);
  });

  it("keeps a file passed on from elsewhere (fixed headers) out of caches too", async () => {
    const upstream = await fetch("data:text/plain,file");
    const response = await throughLayout(await signedInRequest(), async () => upstream);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("file");
  });

  it("sends a visitor without a session to sign in, coming back to the page", async () => {
    const handler = vi.fn();
    const response = await throughLayout(new Request("http://portal.test/profile/overview?tab=1"), handler);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/auth/sign-in?returnTo=${encodeURIComponent("/profile/overview?tab=1")}`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(handler).not.toHaveBeenCalled();
  });

  it("sends an ended session through the expired-session screen; a background fetch comes back to its page", async () => {
    loadSession.mockResolvedValue(null);
    const page = await throughLayout(await signedInRequest("http://portal.test/profile/security"), vi.fn());
    expect(page.headers.get("Location")).toBe(`/session-expired?returnTo=${encodeURIComponent("/profile/security")}`);
    const fetched = await throughLayout(await signedInRequest("http://portal.test/profile/security/captcha"), vi.fn());
    expect(fetched.headers.get("Location")).toBe(`/session-expired?returnTo=${encodeURIComponent("/profile/security/password")}`);
  });

  it("sends a results-link visitor away from a participant's page, to their results", async () => {
    loadSession.mockResolvedValue({ ...stored, tokenType: "ACCESS" });
    const response = await throughLayout(await signedInRequest("http://portal.test/profile"), async (context) => {
      expect(visitorSession(context).tokenType).toBe("ACCESS");
      participantSession(context);
      return new Response("not reached");
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("different requests read again", async () => {
    await readSession(await signedInRequest());
    await readSession(await signedInRequest());
    expect(loadSession).toHaveBeenCalledTimes(2);
  });
});
