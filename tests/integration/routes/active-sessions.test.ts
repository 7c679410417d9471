import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callPortalRoute } from "../../support/route-call";
import { PORTAL, portalAgainstFakeProvider, signedInParticipant } from "./support/portal-under-test";

/**
 * The sessions page (Login & Security): a participant sees and ends their own sessions only, and
 * what an ended session held is revoked at the identity provider, as sign-out does.
 */
const revoked = vi.hoisted(() => [] as string[]);
vi.mock("~/services/idp.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/services/idp.server")>()),
  revokeToken: async (token: string) => void revoked.push(token),
}));

const idp = portalAgainstFakeProvider();
let store: typeof import("~/services/session-store.server");

beforeAll(async () => {
  store = await import("~/services/session-store.server");
});

const iphone = { kind: "phone", system: "ios", browser: "safari" } as const;

/** Another sign-in, as the store keeps one, with tokens of its own; returns its cookie and id. */
async function otherSession(userId: string, tokens: { access: string; refresh: string }) {
  const sessionId = await store.createSession({
    userId,
    tokenType: "IDP",
    email: `${userId.toLowerCase()}@example.test`,
    fullName: null,
    sourceId: null,
    accessToken: tokens.access,
    accessTokenExpiresAt: new Date(Date.now() + 3600_000),
    refreshToken: tokens.refresh,
    idToken: null,
    device: iphone,
  });
  const { sessionCookieFor } = await import("~/services/session.server");
  return { sessionId, cookie: (await sessionCookieFor(sessionId)).split(";")[0] ?? "" };
}

type Listed = { listingId: string; device: typeof iphone; current: boolean };

async function listedFor(cookie: string): Promise<{ status: number; sessions: Listed[]; text: string }> {
  const { loader } = await import("~/routes/_portal.profile.security_.sessions");
  const response = await callPortalRoute(loader, new Request(`${PORTAL}/profile/security/sessions`, { headers: { Cookie: cookie } }));
  const text = await response.text();
  return { status: response.status, sessions: response.ok ? (JSON.parse(text) as { sessions: Listed[] }).sessions : [], text };
}

async function post(cookie: string, form: Record<string, string>): Promise<Response> {
  const { action } = await import("~/routes/_portal.profile.security_.sessions");
  return callPortalRoute(
    action,
    new Request(`${PORTAL}/profile/security/sessions`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: PORTAL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    }),
  );
}

const stillSignedIn = async (sessionId: string) => (await store.loadSession(sessionId)) !== null;

let ada: string;
beforeEach(async () => {
  idp.reset();
  revoked.length = 0;
  const db = await (await import("~/services/db.server")).database();
  await db.query("DELETE FROM portal_sessions");
  ada = await signedInParticipant(idp, "rt-this-device");
});

describe("where you are signed in", () => {
  it("lists this device first and the participant's other session, with nothing that finds a session", async () => {
    const phone = await otherSession("P1001", { access: "at-phone", refresh: "rt-phone" });
    const listed = await listedFor(ada);
    expect(listed.status).toBe(200);
    expect(listed.sessions.map((session) => session.current)).toEqual([true, false]);
    expect(listed.sessions[1]?.device).toEqual(iphone);
    const rows = await (
      await (await import("~/services/db.server")).database()
    ).query<{ id_hash: string }>("SELECT id_hash FROM portal_sessions");
    for (const secret of [phone.sessionId, ...rows.map((row) => row.id_hash), "at-phone", "rt-phone"])
      expect(listed.text).not.toContain(secret);
  });

  it("'Sign out' ends that session on the server and revokes its tokens at the identity provider", async () => {
    const phone = await otherSession("P1001", { access: "at-phone", refresh: "rt-phone" });
    const target = (await listedFor(ada)).sessions.find((session) => !session.current);
    const response = await post(ada, { intent: "end", session: target?.listingId ?? "" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/profile/security/sessions");
    expect(await stillSignedIn(phone.sessionId)).toBe(false);
    expect(revoked.sort()).toEqual(["at-phone", "rt-phone"]);
    expect((await listedFor(ada)).sessions).toHaveLength(1);
  });

  it("another participant's session is neither listed nor ended, whatever id is posted", async () => {
    const bruno = await otherSession("P1002", { access: "at-bruno", refresh: "rt-bruno" });
    const brunosOwn = (await listedFor(bruno.cookie)).sessions;
    expect(brunosOwn).toHaveLength(1);
    expect((await listedFor(ada)).sessions.map((session) => session.listingId)).not.toContain(brunosOwn[0]?.listingId);

    const response = await post(ada, { intent: "end", session: brunosOwn[0]?.listingId ?? "" });
    expect(response.status).toBe(404);
    expect(await stillSignedIn(bruno.sessionId)).toBe(true);
    expect(revoked).toEqual([]);

    await post(ada, { intent: "end-others" });
    expect(await stillSignedIn(bruno.sessionId)).toBe(true);
    expect(revoked).not.toContain("rt-bruno");
  });

  it("'Sign out everywhere else' ends every other session of the participant and keeps this one", async () => {
    const phone = await otherSession("P1001", { access: "at-phone", refresh: "rt-phone" });
    const laptop = await otherSession("P1001", { access: "at-laptop", refresh: "rt-laptop" });
    const response = await post(ada, { intent: "end-others" });
    expect(response.status).toBe(303);
    expect(await stillSignedIn(phone.sessionId)).toBe(false);
    expect(await stillSignedIn(laptop.sessionId)).toBe(false);
    expect(revoked.sort()).toEqual(["at-laptop", "at-phone", "rt-laptop", "rt-phone"]);
    expect((await listedFor(ada)).sessions.map((session) => session.current)).toEqual([true]);
  });

  it("'Sign out everywhere else' revokes at once the refresh token of a session whose access token no longer opens", async () => {
    const tablet = await otherSession("P1001", { access: "at-tablet", refresh: "rt-tablet" });
    const laptop = await otherSession("P1001", { access: "at-laptop", refresh: "rt-laptop" });
    // The tablet's access token sealed for another row (a copied row, or a key it was not sealed with): it cannot open there.
    const db = await (await import("~/services/db.server")).database();
    await db.query(
      "UPDATE portal_sessions SET access_token = (SELECT access_token FROM portal_sessions WHERE id_hash = $2) WHERE id_hash = $1",
      [store.hashSessionId(tablet.sessionId), store.hashSessionId(laptop.sessionId)],
    );
    expect((await post(ada, { intent: "end-others" })).status).toBe(303);
    expect(await stillSignedIn(tablet.sessionId)).toBe(false);
    expect(revoked).toContain("rt-tablet");
    expect(revoked).not.toContain("at-tablet");
  });

  it("'Sign out' beside this device is the ordinary sign-out", async () => {
    const own = (await listedFor(ada)).sessions[0];
    const response = await post(ada, { intent: "end", session: own?.listingId ?? "" });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().join("\n")).toMatch(/portal_session=;/);
    expect(revoked).toContain("rt-this-device");
    expect((await listedFor(ada)).status).toBe(302);
  });

  it("a malformed post is a 400 and a post from another site a 403; neither ends anything", async () => {
    const phone = await otherSession("P1001", { access: "at-phone", refresh: "rt-phone" });
    expect((await post(ada, { intent: "end", session: "../../etc" })).status).toBe(400);
    expect((await post(ada, { intent: "end-all" })).status).toBe(400);
    const { action } = await import("~/routes/_portal.profile.security_.sessions");
    const crossSite = await callPortalRoute(
      action,
      new Request(`${PORTAL}/profile/security/sessions`, {
        method: "POST",
        headers: { Cookie: ada, Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "end-others" }),
      }),
    );
    expect(crossSite.status).toBe(403);
    expect(await stillSignedIn(phone.sessionId)).toBe(true);
  });
});
