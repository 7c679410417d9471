import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Queryable } from "../../../lib/postgres/index.ts";

/** The grants a browser session holds, one per client it signed in to. */
export function grantsOfSession(payload: Pick<AdapterPayload, "authorizations">): string[] {
  const authorizations = (payload.authorizations ?? {}) as Record<string, { grantId?: string }>;
  return Object.values(authorizations).flatMap((authorization) => (authorization.grantId ? [authorization.grantId] : []));
}

/**
 * An interaction nobody has posted a form to keeps its row this long, not oidc-provider's hour: every authorization
 * request stores one (about 2.5 KB). A posted form (`touchInteraction`) or a finished step gives it its full time.
 */
const UNTOUCHED_INTERACTION_MS = 20 * 60_000;

/**
 * oidc-provider storage (sessions, grants, codes, refresh tokens, interactions) in one table,
 * so sessions and grants survive restarts. One instance per model name, as the provider expects.
 * A browser session is stored with the grants it holds, and ends with any of them: when the portal
 * revokes an ended session's refresh token, the grant goes, and so does the sign-in that made it
 * (no later authorization request finds it).
 */
export function createOidcAdapterClass(db: Queryable, now: () => Date) {
  return class PostgresOidcAdapter implements Adapter {
    private readonly type: string;

    constructor(type: string) {
      this.type = type;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(now().getTime() + expiresIn * 1000) : null;
      // A new interaction is kept briefly until it is used; saved again, it has its full time.
      const firstExpiry =
        this.type === "Interaction" && expiresAt
          ? new Date(Math.min(expiresAt.getTime(), now().getTime() + UNTOUCHED_INTERACTION_MS))
          : expiresAt;
      await db.query(
        `INSERT INTO idp_oidc_payloads (id, type, payload, grant_id, user_code, uid, expires_at, session_grant_ids)
         VALUES ($1, $2, $3, $4, $5, $6, $9, $8)
         ON CONFLICT (id, type) DO UPDATE SET payload = $3, grant_id = $4, user_code = $5, uid = $6, expires_at = $7, session_grant_ids = $8`,
        [
          id,
          this.type,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresAt,
          this.type === "Session" ? grantsOfSession(payload) : null,
          firstExpiry,
        ],
      );
    }

    private async findWhere(column: "id" | "uid" | "user_code", value: string): Promise<AdapterPayload | undefined> {
      const [row] = await db.query<{ payload: AdapterPayload; consumed_at: Date | null }>(
        `SELECT payload, consumed_at FROM idp_oidc_payloads
         WHERE ${column} = $1 AND type = $2 AND (expires_at IS NULL OR expires_at > $3)`,
        [value, this.type, now()],
      );
      if (!row) return undefined;
      return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
    }

    find = (id: string) => this.findWhere("id", id);
    findByUid = (uid: string) => this.findWhere("uid", uid);
    findByUserCode = (userCode: string) => this.findWhere("user_code", userCode);

    async destroy(id: string): Promise<void> {
      await db.query("DELETE FROM idp_oidc_payloads WHERE id = $1 AND type = $2", [id, this.type]);
    }

    async consume(id: string): Promise<void> {
      await db.query("UPDATE idp_oidc_payloads SET consumed_at = $3 WHERE id = $1 AND type = $2", [id, this.type, now()]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query("DELETE FROM idp_oidc_payloads WHERE grant_id = $1 OR session_grant_ids @> ARRAY[$1::text]", [grantId]);
    }
  };
}

/**
 * A form was posted to the interaction `uid`: it is in use, and its row is kept `forMs` from now
 * (oidc-provider's own expiry of the interaction still decides whether it is valid). An interaction
 * already gone stays gone.
 */
export async function touchInteraction(db: Queryable, uid: string, at: Date, forMs: number): Promise<void> {
  await db.query(
    `UPDATE idp_oidc_payloads SET expires_at = GREATEST(expires_at, $3)
     WHERE type = 'Interaction' AND id = $1 AND expires_at > $2`,
    [uid, at, new Date(at.getTime() + forMs)],
  );
}

/** The sweep (every few minutes): one range of the expiry index. */
export async function deleteExpiredOidcPayloads(db: Queryable, at: Date): Promise<void> {
  await db.query("DELETE FROM idp_oidc_payloads WHERE expires_at IS NOT NULL AND expires_at <= $1", [at]);
}
