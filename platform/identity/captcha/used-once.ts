import type { Queryable } from "../../../lib/postgres/index.ts";

/** True the first time a proof is spent; a replay of the same proof before it expires answers false. */
export async function spendOnce(db: Queryable, tokenHash: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.query("DELETE FROM idp_used_captchas WHERE expires_at <= $1", [now]);
  const inserted = await db.query(
    "INSERT INTO idp_used_captchas (token_hash, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING token_hash",
    [tokenHash, expiresAt],
  );
  return inserted.length === 1;
}
