import type { Database, Queryable } from "../../../lib/postgres/index.ts";
import { newLongSecret, newShareCode, type ShareHasher } from "./share-secrets.ts";

export const SHARE_DAYS = [1, 7, 30] as const;
type ShareState = "active" | "expired" | "revoked" | "locked" | "withdrawn";
type ShareEventKind = "created" | "viewed" | "revoked" | "locked";

/** A participant may keep this many shares open at once. */
const MAX_OPEN_SHARES = 10;
/** Wrong dates of birth a share takes, in its whole life, before it locks. */
const WRONG_BIRTH_DATE_LIMIT = 5;
/** How long a create request sent again (its answer was lost) gets the same share, code and link; later, the share alone. */
const SHARE_REQUEST_REPLAY_MS = 5 * 60_000;
/** How long a clinician's page stays open after the date of birth matched (never past the share's end). */
const ACCESS_TTL_MS = 30 * 60_000;

interface ShareView {
  id: string;
  appId: string;
  recipient: string;
  language: "en" | "es";
  createdAt: Date;
  expiresAt: Date;
  state: ShareState;
  /** When it was ended early (revoked or locked). */
  endedAt: Date | null;
  /** Newest first; `at` as an ISO string. */
  views: { at: string; device: string }[];
  /** How often the report was sent to a clinician's page, and its PDF. */
  deliveries: { page: number; pdf: number };
}

interface ShareRow extends Omit<ShareView, "state" | "views" | "deliveries"> {
  user_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  locked_at: Date | null;
  withdrawn: boolean;
}

/** Revoked, locked, withdrawn (the participant asked to leave the program), ended, or still open. */
export function stateOf(row: Pick<ShareRow, "expires_at" | "revoked_at" | "locked_at" | "withdrawn">, now: Date): ShareState {
  if (row.revoked_at) return "revoked";
  if (row.locked_at) return "locked";
  if (row.withdrawn) return "withdrawn";
  if (row.expires_at.getTime() <= now.getTime()) return "expired";
  return "active";
}

/** Every query names the withdrawal rule once: a participant who asked to withdraw shares nothing any more. */
const SHARE_COLUMNS = `s.id, s.user_id, s.app_id AS "appId", s.recipient, s.language, s.created_at AS "createdAt",
  s.expires_at AS "expiresAt", COALESCE(s.revoked_at, s.locked_at) AS "endedAt", s.expires_at, s.revoked_at, s.locked_at,
  EXISTS (SELECT 1 FROM results_withdrawals w WHERE w.user_id = s.user_id) AS withdrawn`;
/** What the participant's list shows of each share's use: its views and deliveries. */
const SHARE_HISTORY = `COALESCE((SELECT json_agg(json_build_object('at', to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'device', COALESCE(e.device, '')) ORDER BY e.at DESC) FROM results_share_events e WHERE e.share_id = s.id AND e.kind = 'viewed'), '[]') AS views,
  (SELECT json_build_object('page', count(*) FILTER (WHERE d.what = 'page'), 'pdf', count(*) FILTER (WHERE d.what = 'pdf'))
    FROM results_share_deliveries d WHERE d.share_id = s.id) AS deliveries`;
type ShareHistoryRow = ShareRow & Pick<ShareView, "views" | "deliveries">;

export function createShareStore(db: Database, hasher: ShareHasher, now: () => Date) {
  async function recordEvent(tx: Queryable, share: { id: string; user_id: string }, kind: ShareEventKind, device: string | null = null) {
    await tx.query(
      "INSERT INTO results_share_events (id, share_id, user_id, kind, device, at) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5)",
      [share.id, share.user_id, kind, device, now()],
    );
  }

  function toView(row: ShareHistoryRow): ShareView {
    const { user_id: _user, expires_at: _expires, revoked_at: _revoked, locked_at: _locked, withdrawn: _withdrawn, ...view } = row;
    return { ...view, state: stateOf(row, now()) };
  }

  return {
    async list(userId: string): Promise<ShareView[]> {
      const rows = await db.query<ShareHistoryRow>(
        `SELECT ${SHARE_COLUMNS}, ${SHARE_HISTORY} FROM results_shares s WHERE s.user_id = $1 ORDER BY s.created_at DESC LIMIT 100`,
        [userId],
      );
      return rows.map(toView);
    },

    /**
     * A new share, its code and link returned this once; refused past the open-share limit or after a
     * withdrawal. The same request key again answers as SHARE_REQUEST_REPLAY_MS says (`replayed`, `expired`).
     */
    async create(
      userId: string,
      input: { appId: string; recipient: string; days: (typeof SHARE_DAYS)[number]; language: "en" | "es" },
      requestKey?: string,
    ): Promise<
      { share: ShareView; code: string; link: string; replayed?: true } | { expired: true; share: ShareView } | "too-many" | "withdrawn"
    > {
      return db.transaction(async (tx) => {
        await tx.query("SELECT user_id FROM results_patients WHERE user_id = $1 FOR UPDATE", [userId]);
        const [withdrawn] = await tx.query("SELECT 1 FROM results_withdrawals WHERE user_id = $1 LIMIT 1", [userId]);
        if (withdrawn) return "withdrawn";
        const requestHash = requestKey ? hasher.hash("request", `${userId}:${requestKey}`) : null;
        if (requestHash) {
          // Sealed codes past their few minutes are erased, whoever's request comes next.
          await tx.query("UPDATE results_share_requests SET secrets_sealed = NULL WHERE user_id = $1 AND replay_until <= $2", [
            userId,
            now(),
          ]);
          const [earlier] = await tx.query<ShareHistoryRow & { secrets_sealed: string | null }>(
            `SELECT ${SHARE_COLUMNS}, ${SHARE_HISTORY}, r.secrets_sealed FROM results_share_requests r JOIN results_shares s ON s.id = r.share_id
             WHERE r.request_hash = $1 AND r.user_id = $2`,
            [requestHash, userId],
          );
          if (earlier) {
            const { secrets_sealed, ...share } = earlier;
            const opened = secrets_sealed ? hasher.unseal(secrets_sealed, requestHash) : null;
            if (!opened) return { expired: true as const, share: toView(share) };
            return { share: toView(share), ...(JSON.parse(opened) as { code: string; link: string }), replayed: true as const };
          }
        }
        const [{ open }] = (await tx.query<{ open: number }>(
          `SELECT count(*)::int AS open FROM results_shares
           WHERE user_id = $1 AND revoked_at IS NULL AND locked_at IS NULL AND expires_at > $2`,
          [userId, now()],
        )) as [{ open: number }];
        if (open >= MAX_OPEN_SHARES) return "too-many";
        const code = newShareCode();
        const link = newLongSecret();
        const createdAt = now();
        const expiresAt = new Date(createdAt.getTime() + input.days * 24 * 60 * 60_000);
        const [row] = await tx.query<ShareHistoryRow>(
          `INSERT INTO results_shares AS s (id, user_id, app_id, recipient, language, code_hash, link_hash, created_at, expires_at)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${SHARE_COLUMNS}, ${SHARE_HISTORY}`,
          [
            userId,
            input.appId,
            input.recipient,
            input.language,
            hasher.hash("code", code),
            hasher.hash("link", link),
            createdAt,
            expiresAt,
          ],
        );
        await recordEvent(tx, row!, "created");
        if (requestHash)
          await tx.query(
            "INSERT INTO results_share_requests (request_hash, user_id, share_id, secrets_sealed, replay_until) VALUES ($1, $2, $3, $4, $5)",
            [
              requestHash,
              userId,
              row!.id,
              hasher.seal(JSON.stringify({ code, link }), requestHash),
              new Date(createdAt.getTime() + SHARE_REQUEST_REPLAY_MS),
            ],
          );
        return { share: toView(row!), code, link };
      });
    },

    /** Ends a share at once; ending one that has ended already changes nothing. */
    async revoke(userId: string, shareId: string): Promise<ShareView | null> {
      return db.transaction(async (tx) => {
        const [found] = await tx.query<ShareHistoryRow>(
          `SELECT ${SHARE_COLUMNS}, ${SHARE_HISTORY} FROM results_shares s WHERE s.user_id = $1 AND s.id = $2 FOR UPDATE OF s`,
          [userId, shareId],
        );
        if (!found) return null;
        if (stateOf(found, now()) !== "active") return toView(found);
        const [revoked] = await tx.query<ShareHistoryRow>(
          `UPDATE results_shares s SET revoked_at = $2 WHERE s.id = $1 RETURNING ${SHARE_COLUMNS}, ${SHARE_HISTORY}`,
          [shareId, now()],
        );
        await tx.query("DELETE FROM results_share_accesses WHERE share_id = $1", [shareId]);
        await recordEvent(tx, found, "revoked");
        return toView(revoked!);
      });
    },

    /**
     * A clinician's code (or link) and date of birth. The same work is done whether the code is
     * known or not: one look-up by keyed hash, one constant-time comparison, one write.
     *
     * Once a share has ended (locked, revoked, expired, withdrawn) every date of birth gets the same
     * answer, and wrong dates keep counting against it for its whole life. `limited` (the source or
     * the deployment has spent its failed attempts): the share's own budget comes first, so a right
     * code with its right date of birth still opens an open share, and everything else is `limited`
     * alike — a real code with a wrong date of birth too (and it still counts against that share).
     */
    async open(
      secret: { kind: "code" | "link"; value: string },
      birthDate: string,
      device: string,
      limited = false,
    ): Promise<{ kind: "opened"; access: string; expiresAt: string } | { kind: "no-match" } | { kind: "ended" } | { kind: "limited" }> {
      const column = secret.kind === "code" ? "code_hash" : "link_hash";
      return db.transaction(async (tx) => {
        const [row] = await tx.query<ShareRow & { date_of_birth: string | null }>(
          `SELECT ${SHARE_COLUMNS}, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth
           FROM results_shares s JOIN results_patients p ON p.user_id = s.user_id
           WHERE s.${column} = $1 FOR UPDATE OF s`,
          [hasher.hash(secret.kind, secret.value)],
        );
        const matches = hasher.sameBirthDate(birthDate, row?.date_of_birth ?? null);
        const active = row ? stateOf(row, now()) === "active" : false;
        if (!row || !matches) {
          if (row) {
            const [counted] = await tx.query<{ wrong_birth_dates: number }>(
              "UPDATE results_shares SET wrong_birth_dates = wrong_birth_dates + 1 WHERE id = $1 RETURNING wrong_birth_dates",
              [row.id],
            );
            if (counted!.wrong_birth_dates >= WRONG_BIRTH_DATE_LIMIT && active) {
              await tx.query("UPDATE results_shares SET locked_at = $2 WHERE id = $1", [row.id, now()]);
              await tx.query("DELETE FROM results_share_accesses WHERE share_id = $1", [row.id]);
              await recordEvent(tx, row, "locked");
            }
          } else {
            // An unknown code writes as much as a known one.
            await tx.query("UPDATE results_shares SET wrong_birth_dates = wrong_birth_dates WHERE id IS NULL");
          }
        }
        if (limited && !(row && matches && active)) return { kind: "limited" as const };
        if (row && !active) return { kind: "ended" as const };
        if (!row || !matches) return { kind: "no-match" as const };
        const access = newLongSecret();
        const expiresAt = new Date(Math.min(now().getTime() + ACCESS_TTL_MS, row.expires_at.getTime()));
        await tx.query("DELETE FROM results_share_accesses WHERE expires_at < $1", [now()]);
        await tx.query("INSERT INTO results_share_accesses (token_hash, share_id, expires_at) VALUES ($1, $2, $3)", [
          hasher.hash("access", access),
          row.id,
          expiresAt,
        ]);
        await recordEvent(tx, row, "viewed", device);
        return { kind: "opened" as const, access, expiresAt: expiresAt.toISOString() };
      });
    },

    /** A clinician's access ended by 'Close this report': it opens nothing more, at once. */
    async closeAccess(access: string): Promise<void> {
      await db.query("DELETE FROM results_share_accesses WHERE token_hash = $1", [hasher.hash("access", access)]);
    },

    /** Each delivery of the report (its page or its PDF) to a clinician, for the participant's record. */
    async recordDelivery(shareId: string, what: "page" | "pdf"): Promise<void> {
      await db.query("INSERT INTO results_share_deliveries (share_id, what, at) VALUES ($1, $2, $3)", [shareId, what, now()]);
    },

    /** The share a clinician's access opens, while both the access and the share stand. */
    async shareForAccess(access: string): Promise<ShareRow | null> {
      const [row] = await db.query<ShareRow>(
        `SELECT ${SHARE_COLUMNS} FROM results_share_accesses a JOIN results_shares s ON s.id = a.share_id
         WHERE a.token_hash = $1 AND a.expires_at > $2`,
        [hasher.hash("access", access), now()],
      );
      return row && stateOf(row, now()) === "active" ? row : null;
    },

    /**
     * Takes one failed attempt out of a budget (`scope`) for the current window before the attempt is compared, raised
     * and read in one statement so attempts sent at once never pass more than `max`; one that proves right gives it back.
     */
    async takeMiss(scope: string, budget: { max: number; windowSeconds: number }) {
      const windowMs = budget.windowSeconds * 1000;
      const at = now().getTime();
      const windowStart = new Date(Math.floor(at / windowMs) * windowMs);
      const [row] = await db.query<{ misses: number }>(
        `INSERT INTO results_share_miss_counts (scope, window_start, misses) VALUES ($1, $2, 1)
         ON CONFLICT (scope, window_start) DO UPDATE SET misses = results_share_miss_counts.misses + 1 RETURNING misses`,
        [scope, windowStart],
      );
      const count = row!.misses;
      return {
        within: count <= budget.max,
        count,
        windowStart,
        retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - at) / 1000)),
      };
    },

    async giveBackMiss(scope: string, windowStart: Date): Promise<void> {
      await db.query("UPDATE results_share_miss_counts SET misses = misses - 1 WHERE scope = $1 AND window_start = $2 AND misses > 0", [
        scope,
        windowStart,
      ]);
    },

    /** A direct caller's source: its connection's address, as a keyed hash like the portal's. */
    sourceOfAddress: (address: string) => `peer-${hasher.hash("source", address).slice(0, 32)}`,

    /** Forgets the counts of windows that ended more than a day ago. */
    async pruneMisses(): Promise<void> {
      await db.query("DELETE FROM results_share_miss_counts WHERE window_start < $1", [new Date(now().getTime() - 2 * 86_400_000)]);
    },

    /** Events not yet e-mailed, each held for a minute by the caller that takes it (one sender per event). */
    claimNotices: () =>
      db.query(
        `UPDATE results_share_events e SET lease_until = $1::timestamptz + interval '60 seconds'
         FROM results_shares s
         WHERE e.share_id = s.id AND e.id IN (
           SELECT id FROM results_share_events WHERE notified_at IS NULL AND (lease_until IS NULL OR lease_until < $1)
           ORDER BY at LIMIT 50 FOR UPDATE SKIP LOCKED)
         RETURNING e.id, e.share_id AS "shareId", e.user_id AS "userId", e.kind, e.device, e.at, s.recipient, s.language`,
        [now()],
      ),

    async noticesSent(ids: string[]): Promise<void> {
      if (ids.length) await db.query("UPDATE results_share_events SET notified_at = $2 WHERE id = ANY($1::uuid[])", [ids, now()]);
    },
  };
}

export type ShareStore = ReturnType<typeof createShareStore>;
/** The windowed counts of failed attempts, which kit registration and counselling requests keep too. */
export type MissCounter = Pick<ShareStore, "takeMiss" | "giveBackMiss" | "sourceOfAddress" | "pruneMisses">;
