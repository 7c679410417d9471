import { createHash, randomBytes } from "node:crypto";
import type { SessionDevice } from "~/domain/session-device";
import { touchIntervalMs } from "~/domain/session-timing";
import { database } from "./db.server";
import { env } from "./env.server";
import type { TokenSet } from "./idp.server";
import { isSealed, seal, unseal } from "./sealed-value.server";

/** TOKEN-TYPE of SPEC.md §3: IDP for a participant who signed in, ACCESS for a results-link visitor. */
export type TokenType = "IDP" | "ACCESS";

type SessionOwner = {
  userId: string;
  tokenType: TokenType;
  email: string | null;
  fullName: string | null;
  sourceId: string | null;
};

export type SessionRecord = TokenSet &
  SessionOwner & {
    idHash: string;
    renewals: number[];
    flowState: Record<string, unknown>;
    createdAt: Date;
    lastSeenAt: Date;
    /** The participant's flags (participant-flags.server.ts) as they were when the session was read. */
    participantFlags: readonly string[];
  };

/** A row as stored, its tokens and flow state still sealed; the flags only where the query reads them. */
type SessionRow = Omit<SessionRecord, "participantFlags"> & { participantFlags?: string[] };

const SESSION_COLUMNS = `id_hash AS "idHash", user_id AS "userId", token_type AS "tokenType", email, full_name AS "fullName",
  source_id AS "sourceId", access_token AS "accessToken", access_token_expires_at AS "accessTokenExpiresAt", refresh_token AS "refreshToken",
  id_token AS "idToken", renewals, flow_state AS "flowState", created_at AS "createdAt", last_seen_at AS "lastSeenAt"`;

/** A session row and its participant's flags in one query: the dashboard needs both on every request, and each query costs a round trip. */
const SELECT_SESSION_WITH_FLAGS = `SELECT ${SESSION_COLUMNS}, ARRAY(SELECT f.flag FROM portal_participant_flags f WHERE f.user_id = s.user_id
  ORDER BY f.flag) AS "participantFlags" FROM portal_sessions s WHERE s.id_hash = $1`;

/** Only a hash of the id is stored, so a copy of the table cannot be replayed as cookies. */
export function hashSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url");
}

/** Tokens and flow state are sealed in the row, bound to its id hash; a value written in clear before sealing still reads. */
const sealTokens = (idHash: string, tokens: TokenSet) => ({
  accessToken: seal(tokens.accessToken, "access-token", idHash),
  refreshToken: tokens.refreshToken === null ? null : seal(tokens.refreshToken, "refresh-token", idHash),
  idToken: tokens.idToken === null ? null : seal(tokens.idToken, "id-token", idHash),
});

const sealFlow = (idHash: string, value: unknown): string => seal(JSON.stringify(value), "flow-state", idHash);

/** Each flow's state opened; one that does not open in this row is left out (that flow starts again). */
function openFlows(idHash: string, stored: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(stored).flatMap(([flow, value]) => {
      if (typeof value !== "string" || !isSealed(value)) return [[flow, value]];
      const opened = unseal(value, "flow-state", idHash);
      return opened === null ? [] : [[flow, JSON.parse(opened)]];
    }),
  );
}

/** The session a row holds; null when its access token does not open in this row (the session cannot be used). */
function fromRow(row: SessionRow): SessionRecord | null {
  const accessToken = unseal(row.accessToken, "access-token", row.idHash);
  if (accessToken === null) return null;
  return {
    ...row,
    accessToken,
    // A refresh token that does not open is as good as none: the session ends at its next renewal.
    refreshToken: row.refreshToken === null ? null : unseal(row.refreshToken, "refresh-token", row.idHash),
    idToken: row.idToken === null ? null : unseal(row.idToken, "id-token", row.idHash),
    flowState: openFlows(row.idHash, row.flowState),
    participantFlags: row.participantFlags ?? [],
  };
}

export type NewSession = TokenSet &
  SessionOwner & {
    /** A flow taken up again from the participant's previous session (see resumable-flows). */
    flowState?: Record<string, unknown>;
    /** The device the participant signed in on, as the sessions page names it. */
    device?: SessionDevice;
  };

/** A fresh 256-bit id for every sign-in. Returns the id for the cookie; only its hash is kept. */
export async function createSession(session: NewSession): Promise<string> {
  const sessionId = randomBytes(32).toString("base64url");
  const idHash = hashSessionId(sessionId);
  const sealed = sealTokens(idHash, session);
  const db = await database();
  await db.query(
    `INSERT INTO portal_sessions (id_hash, user_id, token_type, email, full_name, source_id, access_token,
       access_token_expires_at, refresh_token, id_token, flow_state, device)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb)`,
    [
      idHash,
      session.userId,
      session.tokenType,
      session.email,
      session.fullName,
      session.sourceId,
      sealed.accessToken,
      session.accessTokenExpiresAt,
      sealed.refreshToken,
      sealed.idToken,
      JSON.stringify(Object.fromEntries(Object.entries(session.flowState ?? {}).map(([flow, value]) => [flow, sealFlow(idHash, value)]))),
      session.device ? JSON.stringify(session.device) : null,
    ],
  );
  return sessionId;
}

/** Whether a session is within its idle and absolute limits at `now`. */
export function stillLive(session: { createdAt: Date; lastSeenAt: Date }, now: number): boolean {
  return (
    now <= session.lastSeenAt.getTime() + env.SESSION_IDLE_TIMEOUT_SECONDS * 1000 &&
    now <= session.createdAt.getTime() + env.SESSION_ABSOLUTE_TIMEOUT_SECONDS * 1000
  );
}

/** The live session for this id, or null when unknown, idle too long or past its absolute lifetime. */
export async function loadSession(sessionId: string, now = new Date()): Promise<SessionRecord | null> {
  const idHash = hashSessionId(sessionId);
  const row = await readRow(idHash);
  if (!row) return null;
  const session = fromRow(row);
  if (!session || !stillLive(session, now.getTime())) {
    await deleteSession(idHash);
    return null;
  }
  // A participant active more often than the idle limit must never be signed out: touch at least twice per limit.
  const touchInterval = touchIntervalMs(env.SESSION_IDLE_TIMEOUT_SECONDS);
  if (now.getTime() - session.lastSeenAt.getTime() >= touchInterval) {
    await touchSession(idHash, now, new Date(now.getTime() - touchInterval));
    return { ...session, lastSeenAt: now };
  }
  return session;
}

/**
 * The idle limit starts again. A session seen since `unlessSeenSince` is left alone, so requests of one
 * session that arrive together write its row once.
 */
export async function touchSession(idHash: string, now = new Date(), unlessSeenSince = now): Promise<void> {
  const db = await database();
  await db.query(`UPDATE portal_sessions SET last_seen_at = $2 WHERE id_hash = $1 AND last_seen_at < $3`, [idHash, now, unlessSeenSince]);
}

/**
 * Ends the sessions `condition` selects and, in the same statement, queues each refresh token for
 * revocation (session-sweep.server.ts), so an ended session cannot come back even while the provider is down.
 */
export async function endSessionsWhere(condition: string, params: readonly unknown[]): Promise<SessionRow[]> {
  const db = await database();
  return db.query<SessionRow>(
    `WITH ended AS (DELETE FROM portal_sessions WHERE ${condition} RETURNING *),
       queued AS (INSERT INTO portal_token_revocations (id_hash, refresh_token)
         SELECT id_hash, refresh_token FROM ended WHERE refresh_token IS NOT NULL ON CONFLICT (id_hash) DO NOTHING)
     SELECT ${SESSION_COLUMNS} FROM ended`,
    params,
  );
}

/** What the sessions page lists of one stored session: no token, and no id that could be replayed. */
export type ListedSessionRow = { idHash: string; tokenType: TokenType; device: unknown; createdAt: Date; lastSeenAt: Date };

/** Every stored session of one participant, newest use first (ended ones not yet swept included). */
export async function listSessionsOf(userId: string): Promise<ListedSessionRow[]> {
  const db = await database();
  return db.query<ListedSessionRow>(
    `SELECT id_hash AS "idHash", token_type AS "tokenType", device, created_at AS "createdAt", last_seen_at AS "lastSeenAt"
     FROM portal_sessions WHERE user_id = $1 ORDER BY last_seen_at DESC`,
    [userId],
  );
}

/**
 * Ends one session of this participant only (`idHash`), or every other one, on every portal instance
 * (they share this table); returns the id hash of each ended one, and those whose tokens open, for revocation.
 */
export async function takeSessionsOf(
  userId: string,
  idHash: string,
  which: "only" | "others",
): Promise<{ ended: string[]; held: SessionRecord[] }> {
  const rows = await endSessionsWhere(`user_id = $1 AND id_hash ${which === "only" ? "=" : "<>"} $2`, [userId, idHash]);
  return { ended: rows.map((row) => row.idHash), held: rows.map(fromRow).filter((session) => session !== null) };
}

export async function deleteSession(idHash: string): Promise<void> {
  await endSessionsWhere(`id_hash = $1`, [idHash]);
}

/** A queued revocation: the refresh token of an ended session, sealed as it was in the session's row. */
export type QueuedRevocation = { idHash: string; refreshToken: string | null; attempts: number };

/**
 * Takes queued revocations (those of `idHashes`, or else up to `limit` due ones), leased until
 * `leaseUntil` so one instance sends each and one that dies leaves it for the next.
 */
export async function takeRevocations(
  selection: { idHashes: readonly string[] } | { dueAt: Date; limit: number },
  leaseUntil: Date,
): Promise<QueuedRevocation[]> {
  const db = await database();
  const chosen =
    "idHashes" in selection
      ? { sql: `id_hash = ANY($2::text[])`, params: [[...selection.idHashes]] }
      : { sql: `next_attempt_at <= $2 ORDER BY next_attempt_at LIMIT $3`, params: [selection.dueAt, selection.limit] };
  const rows = await db.query<QueuedRevocation & { refreshToken: string }>(
    `UPDATE portal_token_revocations SET next_attempt_at = $1, attempts = attempts + 1
     WHERE id_hash IN (SELECT id_hash FROM portal_token_revocations WHERE ${chosen.sql} FOR UPDATE SKIP LOCKED)
     RETURNING id_hash AS "idHash", refresh_token AS "refreshToken", attempts`,
    [leaseUntil, ...chosen.params],
  );
  return rows.map((row) => ({ ...row, refreshToken: unseal(row.refreshToken, "refresh-token", row.idHash) }));
}

export async function postponeRevocation(idHash: string, until: Date): Promise<void> {
  const db = await database();
  await db.query(`UPDATE portal_token_revocations SET next_attempt_at = $2 WHERE id_hash = $1`, [idHash, until]);
}

export async function forgetRevocation(idHash: string): Promise<void> {
  const db = await database();
  await db.query(`DELETE FROM portal_token_revocations WHERE id_hash = $1`, [idHash]);
}

/** How long a renewal's claim holds off other requests: past it, a request whose renewer died claims it itself. */
export const RENEWAL_CLAIM_MS = 15_000;

/** Renewals under way in this process, so its own requests of one session wait on a promise, not on the row. */
const renewing = new Map<string, Promise<SessionRecord | null>>();

type Renew = (current: SessionRecord) => Promise<TokenSet & { renewals: number[] }>;

async function readRow(idHash: string): Promise<SessionRow | null> {
  const db = await database();
  const [row] = await db.query<SessionRow>(SELECT_SESSION_WITH_FLAGS, [idHash]);
  return row ?? null;
}

/**
 * Runs `renew` for at most one request per session at a time across instances, never in a transaction
 * or under a row lock (the provider may share this database): a short claim on the row, the call, then
 * the write where the claim still stands. Other requests use the current token while it is valid, else
 * wait for the claim to be released or to lapse.
 */
export function renewTokensOnce(
  idHash: string,
  needsRenewal: (current: SessionRecord) => boolean,
  renew: Renew,
): Promise<SessionRecord | null> {
  const underWay = renewing.get(idHash);
  if (underWay) return underWay;
  const renewal = renewOrWait(idHash, needsRenewal, renew).finally(() => renewing.delete(idHash));
  renewing.set(idHash, renewal);
  return renewal;
}

async function renewOrWait(idHash: string, needsRenewal: (current: SessionRecord) => boolean, renew: Renew): Promise<SessionRecord | null> {
  const db = await database();
  for (;;) {
    const row = await readRow(idHash);
    const current = row && fromRow(row);
    if (!row || !current) return null;
    if (!needsRenewal(current)) return current;
    // Claims the renewal of the row as it was read (its access token unchanged), unless another holds a live claim.
    const claim = randomBytes(16).toString("base64url");
    const now = new Date();
    const claimed = await db.query(
      `UPDATE portal_sessions SET renewal_claim = $2, renewal_claimed_until = $3
         WHERE id_hash = $1 AND access_token = $4 AND (renewal_claimed_until IS NULL OR renewal_claimed_until < $5)
       RETURNING id_hash`,
      [row.idHash, claim, new Date(now.getTime() + RENEWAL_CLAIM_MS), row.accessToken, now],
    );
    if (claimed.length === 1) return renewUnderClaim(current, claim, renew);
    if (current.accessTokenExpiresAt.getTime() > Date.now()) return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function renewUnderClaim(current: SessionRecord, claim: string, renew: Renew): Promise<SessionRecord | null> {
  const db = await database();
  const renewed = await renew(current).catch(async (error: unknown) => {
    await db.query(
      `UPDATE portal_sessions SET renewal_claim = NULL, renewal_claimed_until = NULL WHERE id_hash = $1 AND renewal_claim = $2`,
      [current.idHash, claim],
    );
    throw error;
  });
  const sealed = sealTokens(current.idHash, renewed);
  const written = await db.query(
    `UPDATE portal_sessions SET access_token = $3, access_token_expires_at = $4, refresh_token = $5, id_token = $6,
       renewals = $7::jsonb, renewal_claim = NULL, renewal_claimed_until = NULL
     WHERE id_hash = $1 AND renewal_claim = $2 RETURNING id_hash`,
    [
      current.idHash,
      claim,
      sealed.accessToken,
      renewed.accessTokenExpiresAt,
      sealed.refreshToken,
      sealed.idToken,
      JSON.stringify(renewed.renewals),
    ],
  );
  // The session ended while the provider answered (signed out, or swept): the new tokens are not kept.
  if (written.length === 0) return null;
  return { ...current, ...renewed };
}

/** Per-flow state (e.g. the password-update step) that only the server can change; sealed in the row. Null forgets it. */
export async function writeFlowState(idHash: string, flow: string, value: unknown | null): Promise<void> {
  const db = await database();
  await db.query(
    `UPDATE portal_sessions SET flow_state = CASE WHEN $3::jsonb IS NULL THEN flow_state - $2::text
       ELSE jsonb_set(flow_state, ARRAY[$2::text], $3::jsonb) END WHERE id_hash = $1`,
    [idHash, flow, value === null ? null : JSON.stringify(sealFlow(idHash, value))],
  );
}
