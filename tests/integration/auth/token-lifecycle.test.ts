import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningIdentityService } from "../../../platform/identity/service.ts";
import {
  Browser,
  CLIENT_ID,
  CLIENT_SECRET,
  createTestClock,
  participants,
  PORTAL_URL,
  postToken,
  REDIRECT_URI,
  signIn,
  startTestService,
  tokensFor,
} from "../../platform/identity/support.ts";
import { freshDatabaseUrl } from "../../support/database";

// The portal's own modules read their configuration when first imported, so they are imported
// after the real identity provider is up and the environment points at it.
let service: RunningIdentityService;
let idp: typeof import("~/services/idp.server");
let store: typeof import("~/services/session-store.server");
let sessions: typeof import("~/services/session.server");
let cookies: typeof import("~/services/session-cookie.server");

const [ada, , , katherine, hedy] = participants;
if (!ada || !katherine || !hedy) throw new Error("the demo participants are missing");

beforeAll(async () => {
  service = await startTestService(createTestClock().now);
  Object.assign(process.env, {
    IDP_ISSUER: service.issuer,
    IDP_CLIENT_ID: CLIENT_ID,
    IDP_CLIENT_SECRET: CLIENT_SECRET,
    PORTAL_URL,
    PORTAL_DATA_DIR: join(await mkdtemp(join(tmpdir(), "portal-sessions-")), "db"),
  });
  const databaseUrl = await freshDatabaseUrl("portal_sessions");
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  idp = await import("~/services/idp.server");
  store = await import("~/services/session-store.server");
  sessions = await import("~/services/session.server");
  cookies = await import("~/services/session-cookie.server");
});

let serviceStopped = false;

afterAll(async () => {
  const { closeDatabase } = await import("~/services/db.server");
  await closeDatabase();
  if (!serviceStopped) await service?.close();
});

/** A stored session whose access token expires in `expiresInMs` (renewal starts 30 s before). */
async function sessionFor(who: (typeof participants)[number], expiresInMs: number) {
  const { tokens } = await tokensFor(service.url, who);
  const sessionId = await store.createSession({
    userId: who.userId,
    tokenType: "IDP",
    email: who.email,
    fullName: null,
    sourceId: null,
    accessToken: tokens.access_token,
    accessTokenExpiresAt: new Date(Date.now() + expiresInMs),
    refreshToken: tokens.refresh_token,
    idToken: tokens.id_token,
  });
  return { sessionId, tokens };
}

async function requestWith(sessionId: string): Promise<Request> {
  return new Request(`${PORTAL_URL}/`, { headers: { Cookie: await cookies.sessionCookie.serialize(sessionId) } });
}

describe("id token verification against the real identity provider", () => {
  it("accepts the id token of its own request and refuses a nonce or access token that do not match", async () => {
    const nonce = "n".repeat(64);
    const browser = new Browser(service.url);
    const { code, verifier } = await signIn(browser, hedy, { extra: { nonce } });
    const response = await postToken(service.url, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    const tokens = (await response.json()) as { access_token: string; id_token: string };

    const claims = await idp.verifyIdToken(tokens.id_token, { nonce, accessToken: tokens.access_token });
    expect(claims.uid).toBe(hedy.userId);
    await expect(idp.verifyIdToken(tokens.id_token, { nonce: "x".repeat(64), accessToken: tokens.access_token })).rejects.toThrow(
      "OAuth flow response nonce doesn't match request nonce",
    );
    const [header, payload] = tokens.id_token.split(".");
    await expect(idp.verifyIdToken(`${header}.${payload}.${"A".repeat(342)}`, { nonce, accessToken: tokens.access_token })).rejects.toThrow(
      "The token signature is not valid",
    );
    if (claims.at_hash) {
      await expect(idp.verifyIdToken(tokens.id_token, { nonce, accessToken: `${tokens.access_token}x` })).rejects.toThrow(
        "Token hash verification failed",
      );
    }
  });
});

describe("session token renewal", () => {
  it("renews an access token that expires within 30 s, keeping the session", async () => {
    const { sessionId, tokens } = await sessionFor(ada, 10_000);
    const { session } = await sessions.readSession(await requestWith(sessionId));
    expect(session).not.toBeNull();
    expect(session!.accessToken).not.toBe(tokens.access_token);
    expect(session!.refreshToken).not.toBe(tokens.refresh_token);
    expect(session!.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60 * 1000);
  });

  it("leaves a token that is not about to expire alone", async () => {
    const { sessionId, tokens } = await sessionFor(ada, 10 * 60 * 1000);
    const { session } = await sessions.readSession(await requestWith(sessionId));
    expect(session!.accessToken).toBe(tokens.access_token);
  });

  it("refreshes once when parallel requests arrive together (a second use of the rotated token would end the session)", async () => {
    const { sessionId } = await sessionFor(katherine, 5_000);
    const lookups = await Promise.all(Array.from({ length: 6 }, async () => sessions.readSession(await requestWith(sessionId))));
    const accessTokens = new Set(lookups.map((lookup) => lookup.session?.accessToken));
    expect(lookups.every((lookup) => lookup.session !== null)).toBe(true);
    expect(accessTokens.size).toBe(1);
    const again = await sessions.readSession(await requestWith(sessionId));
    expect(again.session).not.toBeNull();
  });

  it("holds no transaction or lock while the provider answers: the session's row stays writable and the database free", async () => {
    const { sessionId } = await sessionFor(ada, -1_000);
    const idHash = store.hashSessionId(sessionId);
    let answer: (tokens: Awaited<ReturnType<typeof idp.refreshTokens>>) => void = () => undefined;
    const providerAsked = new Promise<void>((asked) => {
      void store.renewTokensOnce(
        idHash,
        () => true,
        (current) => {
          asked();
          return new Promise((resolve) => (answer = (tokens) => resolve({ ...tokens, idToken: current.idToken, renewals: [Date.now()] })));
        },
      );
    });
    await providerAsked;
    // Before the provider answers: the row can be written (a row lock would hold this until the renewal ends).
    const touchedAt = new Date();
    await store.touchSession(idHash, touchedAt, touchedAt);
    expect((await store.loadSession(sessionId))?.lastSeenAt.getTime()).toBe(touchedAt.getTime());
    const { tokens } = await tokensFor(service.url, ada);
    answer(await idp.refreshTokens(tokens.refresh_token));
    await vi.waitFor(async () => expect((await store.loadSession(sessionId))?.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now()));
  });

  it("refuses a call to another service made inside a database transaction", async () => {
    const { database } = await import("~/services/db.server");
    const db = await database();
    const inside = db.transaction(async () => idp.refreshTokens("any-refresh-token"));
    await expect(inside).rejects.toThrow("inside a database transaction");
  });

  it("ends the session when the identity provider refuses the refresh token", async () => {
    const { sessionId, tokens } = await sessionFor(hedy, 5_000);
    await idp.revokeToken(tokens.refresh_token, "refresh_token");
    const { session, cookiePresent } = await sessions.readSession(await requestWith(sessionId));
    expect(session).toBeNull();
    expect(cookiePresent).toBe(true);
    expect(await store.loadSession(sessionId)).toBeNull();
  });

  it("treats revoking a token the provider already ended as done", async () => {
    const { tokens } = await tokensFor(service.url, ada);
    await idp.revokeToken(tokens.refresh_token, "refresh_token");
    await expect(idp.revokeToken(tokens.refresh_token, "refresh_token")).resolves.toBeUndefined();
  });
});

// Last in the file: it stops the identity provider.
describe("an identity provider that does not answer the renewal of an expired token", () => {
  it("keeps the session and sends the page through sign-in, which says whether the service is back, never to 'session expired'", async () => {
    const { sessionId } = await sessionFor(katherine, -1_000);
    await service.close();
    serviceStopped = true;
    const request = await requestWith(sessionId);
    expect((await sessions.readSession(request)).session).toBeNull();
    const answer: unknown = await sessions.requireVisitor(request).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe("/auth/sign-in");
    expect(await store.loadSession(sessionId)).not.toBeNull();
  });
});
