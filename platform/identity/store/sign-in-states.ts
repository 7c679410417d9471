import type { Queryable } from "../../../lib/postgres/index.ts";
import type { Channel } from "../domain/codes.ts";

type SignInStep = "select" | "challenge" | "enrol" | "enrol-challenge";

export interface SignInState {
  interactionUid: string;
  accountId: string;
  remember: boolean;
  step: SignInStep;
  /** How the code comes: a text, a call, or the authenticator app ('totp'). */
  method: Channel | "totp" | null;
  pendingPhone: string | null;
}

/** Progress of one sign-in after the password, keyed by the oidc-provider interaction uid. */
export function createSignInStates(db: Queryable, now: () => Date) {
  return {
    async get(uid: string): Promise<SignInState | null> {
      const [state] = await db.query<SignInState>(
        `SELECT interaction_uid AS "interactionUid", account_id AS "accountId", remember, step, method, pending_phone AS "pendingPhone"
         FROM idp_sign_in_states WHERE interaction_uid = $1 AND expires_at > $2`,
        [uid, now()],
      );
      return state ?? null;
    },
    async save(state: SignInState, expiresAt: Date): Promise<void> {
      await db.query(
        `INSERT INTO idp_sign_in_states (interaction_uid, account_id, remember, step, method, pending_phone, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (interaction_uid) DO UPDATE SET account_id = $2, remember = $3, step = $4, method = $5, pending_phone = $6, expires_at = $7`,
        [state.interactionUid, state.accountId, state.remember, state.step, state.method, state.pendingPhone, expiresAt],
      );
    },
    async remove(uid: string): Promise<void> {
      await db.query("DELETE FROM idp_sign_in_states WHERE interaction_uid = $1", [uid]);
    },
  };
}

export type SignInStates = ReturnType<typeof createSignInStates>;
