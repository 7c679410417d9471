import type { Queryable } from "../../../lib/postgres/index.ts";

export interface Passkey {
  id: string;
  accountId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The columns of a Passkey, named as its fields; the key and the times are converted by toPasskey. */
const PASSKEY = `credential_id AS id, account_id AS "accountId", public_key AS "publicKey", counter, transports, name, created_at AS "createdAt",
  last_used_at AS "lastUsedAt"`;
type Kept = Omit<Passkey, "publicKey" | "createdAt" | "lastUsedAt">;
type PasskeyRow = Kept & { publicKey: string; createdAt: Date; lastUsedAt: Date | null };

const toPasskey = ({ publicKey, createdAt, lastUsedAt, ...row }: PasskeyRow): Passkey => ({
  ...row,
  publicKey: new Uint8Array(Buffer.from(publicKey, "base64url")) as Uint8Array<ArrayBuffer>,
  createdAt: createdAt.toISOString(),
  lastUsedAt: lastUsedAt?.toISOString() ?? null,
});

/** How long a WebAuthn ceremony's challenge stands. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/** Passkeys (public keys only: the private key never leaves the participant's device) and the challenges of ceremonies in progress. */
export function createPasskeyStore(db: Queryable, now: () => Date) {
  /** Whether the statement (each ends in RETURNING 1) added, renamed or removed a passkey. */
  const changed = async (sql: string, params: unknown[]) => (await db.query(sql, params)).length === 1;
  return {
    async list(accountId: string): Promise<Passkey[]> {
      const rows = await db.query<PasskeyRow>(`SELECT ${PASSKEY} FROM idp_passkeys WHERE account_id = $1 ORDER BY created_at`, [accountId]);
      return rows.map(toPasskey);
    },
    async find(credentialId: string): Promise<Passkey | null> {
      const [row] = await db.query<PasskeyRow>(`SELECT ${PASSKEY} FROM idp_passkeys WHERE credential_id = $1`, [credentialId]);
      return row ? toPasskey(row) : null;
    },
    /** Keeps a new passkey; false (nothing changed) when its credential id is already kept, on this account or another. */
    async add(passkey: Kept & { publicKey: Uint8Array }): Promise<boolean> {
      return changed(
        `INSERT INTO idp_passkeys (credential_id, account_id, public_key, counter, transports, name, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
        [
          passkey.id,
          passkey.accountId,
          Buffer.from(passkey.publicKey).toString("base64url"),
          passkey.counter,
          passkey.transports,
          passkey.name,
          now(),
        ],
      );
    },
    async used(credentialId: string, counter: number): Promise<void> {
      await db.query("UPDATE idp_passkeys SET counter = $2, last_used_at = $3 WHERE credential_id = $1", [credentialId, counter, now()]);
    },
    async rename(accountId: string, credentialId: string, name: string): Promise<boolean> {
      return changed("UPDATE idp_passkeys SET name = $3 WHERE account_id = $1 AND credential_id = $2 RETURNING 1", [
        accountId,
        credentialId,
        name,
      ]);
    },
    async remove(accountId: string, credentialId: string): Promise<boolean> {
      return changed("DELETE FROM idp_passkeys WHERE account_id = $1 AND credential_id = $2 RETURNING 1", [accountId, credentialId]);
    },
    async keepChallenge(key: string, challenge: string): Promise<void> {
      await db.query(
        `INSERT INTO idp_webauthn_challenges (key, challenge, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET challenge = EXCLUDED.challenge, expires_at = EXCLUDED.expires_at`,
        [key, challenge, new Date(now().getTime() + CHALLENGE_TTL_MS)],
      );
    },
    /** The challenge, used once. */
    async takeChallenge(key: string): Promise<string | null> {
      const [row] = await db.query<{ challenge: string; expires_at: Date }>(
        "DELETE FROM idp_webauthn_challenges WHERE key = $1 RETURNING challenge, expires_at",
        [key],
      );
      return row && row.expires_at > now() ? row.challenge : null;
    },
  };
}

export type PasskeyStore = ReturnType<typeof createPasskeyStore>;
