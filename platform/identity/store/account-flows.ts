import type { Queryable } from "../../../lib/postgres/index.ts";
import type { Channel } from "../domain/codes.ts";

const ACCOUNT_FLOW_TTL_MS = 30 * 60_000;

type AccountFlowKind = "register" | "recover" | "unlock";
/** register: check-email; recover: select → challenge → reset; unlock: select → challenge. */
export type AccountFlowStep = "check-email" | "select" | "challenge" | "reset";

export interface PendingRegistration {
  firstName: string;
  lastName: string;
  passwordHash: string;
  /** Hash of the `state` carried by the e-mail link (the link itself is never stored). */
  linkStateHash: string;
  /** The e-mail already had an account: the flow looks the same but can never create one. */
  existing: boolean;
}

export interface AccountFlow {
  interactionUid: string;
  kind: AccountFlowKind;
  step: AccountFlowStep;
  /** As typed (normalised); for recovery and unlock it may belong to no account. */
  email: string;
  /** Null when no account has this e-mail: the flow goes on without revealing that. */
  accountId: string | null;
  method: Channel | null;
  registration: PendingRegistration | null;
  expired: boolean;
}

/**
 * Registration, password recovery and unlock in progress, keyed by the oidc-provider interaction
 * uid (one flow per interaction; starting another replaces it). 30 minutes long.
 */
export function createAccountFlows(db: Queryable, now: () => Date) {
  return {
    async get(uid: string): Promise<AccountFlow | null> {
      const [flow] = await db.query<AccountFlow>(
        `SELECT interaction_uid AS "interactionUid", kind, step, email, account_id AS "accountId", method,
           data->'registration' AS registration, expires_at <= $2 AS expired
         FROM idp_account_flows WHERE interaction_uid = $1`,
        [uid, now()],
      );
      return flow ?? null;
    },
    /** Starts (or restarts) a flow; its 30 minutes run from here. */
    async start(flow: Omit<AccountFlow, "expired">): Promise<void> {
      await db.query(
        `INSERT INTO idp_account_flows (interaction_uid, kind, step, email, account_id, method, data, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (interaction_uid) DO UPDATE SET kind = $2, step = $3, email = $4, account_id = $5, method = $6, data = $7, expires_at = $8`,
        [
          flow.interactionUid,
          flow.kind,
          flow.step,
          flow.email,
          flow.accountId,
          flow.method,
          JSON.stringify(flow.registration ? { registration: flow.registration } : {}),
          new Date(now().getTime() + ACCOUNT_FLOW_TTL_MS),
        ],
      );
    },
    /** Moves to `step`; the flow keeps its original expiry. */
    async advance(uid: string, step: AccountFlowStep, method?: Channel): Promise<void> {
      await db.query("UPDATE idp_account_flows SET step = $2, method = COALESCE($3, method) WHERE interaction_uid = $1", [
        uid,
        step,
        method ?? null,
      ]);
    },
    async updateRegistration(uid: string, registration: PendingRegistration): Promise<void> {
      await db.query("UPDATE idp_account_flows SET data = $2 WHERE interaction_uid = $1", [uid, JSON.stringify({ registration })]);
    },
    async remove(uid: string): Promise<void> {
      await db.query("DELETE FROM idp_account_flows WHERE interaction_uid = $1", [uid]);
    },
    /** Kept a day past expiry so a late visitor still reads "session has expired". */
    async deleteExpired(): Promise<void> {
      await db.query("DELETE FROM idp_account_flows WHERE expires_at <= $1", [new Date(now().getTime() - 24 * 3600_000)]);
    },
  };
}

export type AccountFlows = ReturnType<typeof createAccountFlows>;
