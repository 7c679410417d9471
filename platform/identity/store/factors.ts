import type { Queryable } from "../../../lib/postgres/index.ts";
import { openSecret, sealSecret } from "../domain/factor-seal.ts";
import { hashRecoveryCode, newRecoveryCodes } from "../domain/recovery-codes.ts";
import { matchingTotpStep } from "../domain/totp.ts";

/** What changed among a participant's sign-in factors, as Login & Security lists it. */
export type FactorEventKind =
  | "totp-added"
  | "totp-removed"
  | "recovery-codes-created"
  | "recovery-code-used"
  | "recovery-code-confirmed"
  | "passkey-added"
  | "passkey-removed"
  | "phone-changed";

/** An app code: right and taken now, right but its 30-second step already taken (a replay), or wrong. */
type AppCodeCheck = "taken" | "used" | "wrong";

/**
 * The authenticator app (secret sealed at rest, each code's 30-second step accepted once), the
 * recovery codes (keyed hashes, each used once) and the record of changes.
 */
export function createFactorStore(db: Queryable, options: { factorKey: string; codeSecret: string; now: () => Date }) {
  const { factorKey, codeSecret, now } = options;

  async function sealedTotp(accountId: string, confirmed: boolean): Promise<string | null> {
    const [row] = await db.query<{ secret_sealed: string }>(
      `SELECT secret_sealed FROM idp_totp_factors WHERE account_id = $1 AND (confirmed_at IS NOT NULL) = $2`,
      [accountId, confirmed],
    );
    return row ? openSecret(factorKey, accountId, row.secret_sealed) : null;
  }

  /** A right code for now whose step is later than any accepted before: taken, and never again; the first one confirms the app. */
  async function takeTotpCode(accountId: string, secret: string, code: string): Promise<AppCodeCheck> {
    const step = await matchingTotpStep(secret, code, now().getTime());
    if (step === null) return "wrong";
    const taken = await db.query(
      "UPDATE idp_totp_factors SET last_step = $2, confirmed_at = COALESCE(confirmed_at, $3) WHERE account_id = $1 AND last_step < $2 RETURNING 1",
      [accountId, step, now()],
    );
    return taken.length === 1 ? "taken" : "used";
  }

  return {
    async hasTotp(accountId: string): Promise<boolean> {
      const [row] = await db.query("SELECT 1 FROM idp_totp_factors WHERE account_id = $1 AND confirmed_at IS NOT NULL", [accountId]);
      return Boolean(row);
    },

    /** A new secret waiting for its first code (replacing any earlier one not confirmed). */
    async startTotp(accountId: string, secret: string): Promise<void> {
      await db.query(
        `INSERT INTO idp_totp_factors (account_id, secret_sealed, confirmed_at, last_step, created_at) VALUES ($1, $2, NULL, 0, $3)
         ON CONFLICT (account_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, confirmed_at = NULL, last_step = 0, created_at = EXCLUDED.created_at
         WHERE idp_totp_factors.confirmed_at IS NULL`,
        [accountId, sealSecret(factorKey, accountId, secret), now()],
      );
    },

    /** Seeds a confirmed authenticator app (demo participants). */
    async setConfirmedTotp(accountId: string, secret: string): Promise<void> {
      await db.query(
        `INSERT INTO idp_totp_factors (account_id, secret_sealed, confirmed_at, last_step, created_at) VALUES ($1, $2, $3, 0, $3)
         ON CONFLICT (account_id) DO NOTHING`,
        [accountId, sealSecret(factorKey, accountId, secret), now()],
      );
    },

    /** The first code confirms the pending secret. */
    async confirmTotp(accountId: string, code: string): Promise<boolean> {
      const secret = await sealedTotp(accountId, false);
      return secret !== null && (await takeTotpCode(accountId, secret, code)) === "taken";
    },

    /** A code of the confirmed app: taken, a replay of a step already taken, or wrong. */
    async takeTotp(accountId: string, code: string): Promise<AppCodeCheck> {
      const secret = await sealedTotp(accountId, true);
      return secret ? takeTotpCode(accountId, secret, code) : "wrong";
    },

    async removeTotp(accountId: string): Promise<void> {
      await db.query("DELETE FROM idp_totp_factors WHERE account_id = $1", [accountId]);
    },

    async recoveryCodesLeft(accountId: string): Promise<number> {
      const [row] = await db.query<{ left: number }>(
        "SELECT count(*) AS left FROM idp_recovery_codes WHERE account_id = $1 AND used_at IS NULL",
        [accountId],
      );
      return row!.left;
    },

    /** Ten new codes; every earlier one stops working in the same statement. The codes themselves are only in the answer. */
    async replaceRecoveryCodes(accountId: string, codes = newRecoveryCodes()): Promise<string[]> {
      await db.query(
        `WITH earlier AS (DELETE FROM idp_recovery_codes WHERE account_id = $1)
         INSERT INTO idp_recovery_codes (account_id, code_hash, created_at) SELECT $1, unnest($2::text[]), $3`,
        [accountId, codes.map((code) => hashRecoveryCode(codeSecret, accountId, code)), now()],
      );
      return codes;
    },

    async useRecoveryCode(accountId: string, typed: string): Promise<boolean> {
      const used = await db.query(
        "UPDATE idp_recovery_codes SET used_at = $3 WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1",
        [accountId, hashRecoveryCode(codeSecret, accountId, typed), now()],
      );
      return used.length === 1;
    },

    async record(accountId: string, kind: FactorEventKind, device: string): Promise<void> {
      await db.query("INSERT INTO idp_factor_events (account_id, kind, device, at) VALUES ($1, $2, $3, $4)", [
        accountId,
        kind,
        device.slice(0, 200),
        now(),
      ]);
    },

    async events(accountId: string) {
      const rows = await db.query<{ kind: FactorEventKind; device: string; at: Date }>(
        "SELECT kind, device, at FROM idp_factor_events WHERE account_id = $1 ORDER BY at DESC, id DESC LIMIT 10",
        [accountId],
      );
      return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
    },

    async setLastFactor(accountId: string, factor: string): Promise<void> {
      await db.query("UPDATE idp_accounts SET last_factor = $2 WHERE id = $1", [accountId, factor]);
    },

    async lastFactor(accountId: string): Promise<string | null> {
      const [row] = await db.query<{ last_factor: string | null }>("SELECT last_factor FROM idp_accounts WHERE id = $1", [accountId]);
      return row?.last_factor ?? null;
    },
  };
}

export type FactorStore = ReturnType<typeof createFactorStore>;
