import { beforeAll, describe, expect, it } from "vitest";
import type { FactorFlowState } from "~/domain/sign-in-factors";
import { adaSession } from "./support/ada-session";
import { useEmbeddedPortalDatabase } from "./support/embedded-portal-database";

/**
 * What the portal_sessions table holds, read as the database holds it: tokens, an authenticator
 * app's secret during set-up and fresh recovery codes are sealed, bound to their own row.
 */
let store: typeof import("~/services/session-store.server");
let sessions: typeof import("~/services/session.server");
let db: typeof import("~/services/db.server");

/** The flow name of the factors route (app/routes/_portal.profile.security_.factors.tsx). */
const FACTORS_FLOW = "sign-in-factors";
const REFRESH_TOKEN = "refresh-token-Zq8vN3rT5wX2yB7cD1eF4gH6jK9mL0pS";
const ACCESS_TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJQMTAwMSJ9.access-signature-Xy7";
const ID_TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJQMTAwMSIsImFtciI6WyJwd2QiXX0.id-signature-Qw3";
const APP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const RECOVERY_CODES = ["7K4M-9QXP-2HDR", "W3TB-8NJC-5FGA", "Z6YE-1LSU-4VKQ"];

useEmbeddedPortalDatabase("sealed");
beforeAll(async () => {
  store = await import("~/services/session-store.server");
  sessions = await import("~/services/session.server");
  db = await import("~/services/db.server");
});

/** Every row of the table as text, exactly as PostgreSQL stores it. */
async function tableDump(): Promise<string> {
  const rows = await (await db.database()).query<{ row: string }>(`SELECT row_to_json(s)::text AS row FROM portal_sessions s`);
  return rows.map((r) => r.row).join("\n");
}

async function signedIn(): Promise<{ sessionId: string; session: import("~/services/session.server").PortalSession }> {
  const sessionId = await store.createSession({
    ...adaSession(Date.now()),
    accessToken: ACCESS_TOKEN,
    refreshToken: REFRESH_TOKEN,
    idToken: ID_TOKEN,
  });
  const session = await store.loadSession(sessionId);
  if (!session) throw new Error("the session did not load");
  return { sessionId, session };
}

describe("the session row at rest", () => {
  it("holds no token, app secret or recovery code in clear, and reads them back", async () => {
    const { sessionId, session } = await signedIn();
    const enrol: FactorFlowState = {
      change: "add-totp",
      step: "enrol",
      secret: APP_SECRET,
      uri: `otpauth://totp/Portal:ada?secret=${APP_SECRET}`,
    };
    await sessions.saveFlowState(session, FACTORS_FLOW, enrol);

    let dump = await tableDump();
    for (const secret of [REFRESH_TOKEN, ACCESS_TOKEN, ID_TOKEN, APP_SECRET]) expect(dump).not.toContain(secret);
    expect(dump).toContain(session.idHash);
    const during = await store.loadSession(sessionId);
    expect(during?.flowState[FACTORS_FLOW]).toEqual(enrol);
    expect(during?.refreshToken).toBe(REFRESH_TOKEN);
    expect(during?.accessToken).toBe(ACCESS_TOKEN);
    expect(during?.idToken).toBe(ID_TOKEN);

    await sessions.saveFlowState(session, FACTORS_FLOW, { change: "add-totp", step: "codes", codes: RECOVERY_CODES });
    dump = await tableDump();
    for (const secret of [REFRESH_TOKEN, APP_SECRET, ...RECOVERY_CODES]) expect(dump).not.toContain(secret);
    expect((await store.loadSession(sessionId))?.flowState[FACTORS_FLOW]).toEqual({
      change: "add-totp",
      step: "codes",
      codes: RECOVERY_CODES,
    });
  });

  it("keeps a password update kept for resuming sealed, for its own participant only", async () => {
    const resumable = await import("~/services/resumable-flows.server");
    const state = { step: "code", passwordAttempt: "attempt-Hq2wE8rT6yU1iO9p", method: "sms" };
    await resumable.keepForResuming("P-sealed-1", "password-update", state);
    const database = await db.database();
    const [row] = await database.query<{ row: string }>(
      `SELECT row_to_json(r)::text AS row FROM portal_resumable_flows r WHERE user_id = 'P-sealed-1'`,
    );
    expect(row?.row).not.toContain(state.passwordAttempt);
    await database.query(
      `INSERT INTO portal_resumable_flows (user_id, flow, state, saved_at)
       SELECT 'P-sealed-2', flow, state, saved_at FROM portal_resumable_flows WHERE user_id = 'P-sealed-1'`,
    );
    expect(await resumable.takeResumableFlow("P-sealed-2", "password-update")).toBeNull();
    expect(await resumable.takeResumableFlow("P-sealed-1", "password-update")).toEqual(state);
  });

  it("keeps renewed tokens sealed too", async () => {
    const { session } = await signedIn();
    const renewed = await store.renewTokensOnce(
      session.idHash,
      () => true,
      async () => ({
        accessToken: `${ACCESS_TOKEN}-renewed`,
        accessTokenExpiresAt: new Date(Date.now() + 300_000),
        refreshToken: `${REFRESH_TOKEN}-renewed`,
        idToken: ID_TOKEN,
        renewals: [Date.now()],
      }),
    );
    expect(renewed?.refreshToken).toBe(`${REFRESH_TOKEN}-renewed`);
    const dump = await tableDump();
    expect(dump).not.toContain(`${REFRESH_TOKEN}-renewed`);
    expect(dump).not.toContain(`${ACCESS_TOKEN}-renewed`);
  });

  it("a sealed value copied into another session's row does not open there", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await sessions.saveFlowState(a.session, FACTORS_FLOW, { change: "add-totp", step: "codes", codes: RECOVERY_CODES });
    const database = await db.database();
    await database.query(
      `UPDATE portal_sessions AS b SET refresh_token = a.refresh_token, flow_state = a.flow_state
       FROM portal_sessions AS a WHERE a.id_hash = $1 AND b.id_hash = $2`,
      [a.session.idHash, b.session.idHash],
    );
    const moved = await store.loadSession(b.sessionId);
    expect(moved).not.toBeNull();
    expect(moved?.refreshToken).toBeNull();
    expect(moved?.flowState[FACTORS_FLOW]).toBeUndefined();
    // The access token is what every request needs: one that does not open ends the session.
    await database.query(
      `UPDATE portal_sessions AS b SET access_token = a.access_token FROM portal_sessions AS a WHERE a.id_hash = $1 AND b.id_hash = $2`,
      [a.session.idHash, b.session.idHash],
    );
    expect(await store.loadSession(b.sessionId)).toBeNull();
    // The original row still opens.
    expect((await store.loadSession(a.sessionId))?.refreshToken).toBe(REFRESH_TOKEN);
  });

  it("still reads a row written in clear before sealing, and seals it on the next write", async () => {
    const { sessionId, session } = await signedIn();
    const database = await db.database();
    await database.query(
      `UPDATE portal_sessions SET access_token = $2, refresh_token = $3, id_token = $4,
         flow_state = jsonb_build_object($5::text, $6::jsonb) WHERE id_hash = $1`,
      [session.idHash, ACCESS_TOKEN, REFRESH_TOKEN, ID_TOKEN, FACTORS_FLOW, JSON.stringify({ change: "add-totp", step: "pick" })],
    );
    const legacy = await store.loadSession(sessionId);
    expect(legacy?.accessToken).toBe(ACCESS_TOKEN);
    expect(legacy?.refreshToken).toBe(REFRESH_TOKEN);
    expect(legacy?.idToken).toBe(ID_TOKEN);
    expect(legacy?.flowState[FACTORS_FLOW]).toEqual({ change: "add-totp", step: "pick" });

    await sessions.saveFlowState(legacy!, FACTORS_FLOW, { change: "add-totp", step: "enrol", secret: APP_SECRET, uri: "otpauth://totp/x" });
    await store.renewTokensOnce(
      session.idHash,
      () => true,
      async (current) => ({ ...current, renewals: [Date.now()] }),
    );
    const [row] = await database.query<{ row: string }>(`SELECT row_to_json(s)::text AS row FROM portal_sessions s WHERE id_hash = $1`, [
      session.idHash,
    ]);
    for (const secret of [ACCESS_TOKEN, REFRESH_TOKEN, ID_TOKEN, APP_SECRET]) expect(row!.row).not.toContain(secret);
    expect((await store.loadSession(sessionId))?.refreshToken).toBe(REFRESH_TOKEN);
  });
});
