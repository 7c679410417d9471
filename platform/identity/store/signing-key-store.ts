import type { JWK } from "jose";
import type { Queryable } from "../../../lib/postgres/index.ts";

/**
 * The token signing keys every instance of the identity service shares: the public half in clear
 * (it is published anyway), the private half sealed (oidc/signing-keys.ts). A migration set of its
 * own, so its versions never interleave with the service's main schema.
 */
export const SIGNING_KEY_SCHEMA = "identity-signing-keys";

export const signingKeyMigrations: readonly string[] = [
  `
  CREATE TABLE idp_signing_keys (
    kid text PRIMARY KEY,
    generation integer NOT NULL UNIQUE,
    public_jwk jsonb NOT NULL,
    sealed_private_jwk text NOT NULL,
    published_at timestamptz NOT NULL,
    signs_from timestamptz NOT NULL
  );
  `,
];

export interface StoredSigningKey {
  kid: string;
  generation: number;
  publicJwk: JWK;
  sealedPrivateJwk: string;
  publishedAt: Date;
  signsFrom: Date;
}

export function createSigningKeyStore(db: Queryable) {
  return {
    async list(): Promise<StoredSigningKey[]> {
      return db.query<StoredSigningKey>(
        `SELECT kid, generation, public_jwk AS "publicJwk", sealed_private_jwk AS "sealedPrivateJwk", published_at AS "publishedAt",
           signs_from AS "signsFrom" FROM idp_signing_keys ORDER BY generation`,
      );
    },

    /**
     * Stores a key unless another instance stored one of the same generation first (the database
     * keeps whichever landed first); answers whether this one was stored.
     */
    async add(key: StoredSigningKey): Promise<boolean> {
      const inserted = await db.query<{ kid: string }>(
        `INSERT INTO idp_signing_keys (kid, generation, public_jwk, sealed_private_jwk, published_at, signs_from)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING kid`,
        [key.kid, key.generation, JSON.stringify(key.publicJwk), key.sealedPrivateJwk, key.publishedAt, key.signsFrom],
      );
      return inserted.length === 1;
    },

    async remove(kids: readonly string[]): Promise<void> {
      await db.query("DELETE FROM idp_signing_keys WHERE kid = ANY($1::text[])", [kids]);
    },

    /** The private keys an earlier version kept in clear in idp_secrets, if any are left. */
    async legacyKeys(): Promise<JWK[] | null> {
      const [row] = await db.query<{ value: JWK[] }>("SELECT value FROM idp_secrets WHERE name = 'oidc-signing-keys'");
      return row?.value ?? null;
    },

    async forgetLegacyKeys(): Promise<void> {
      await db.query("DELETE FROM idp_secrets WHERE name = 'oidc-signing-keys'");
    },
  };
}
