import type { Database } from "../../../lib/postgres/index.ts";
import { type Channel, codeMatches, type DeliveryChannel, generateCode, hashCode } from "../domain/codes.ts";
import { MAX_WRONG_TRIES_PER_CODE } from "../domain/guessing-limits.ts";
import type { StepUpMethod as PassedMethod } from "../oidc/access-tokens.ts";
import { createOutbox, type Outbox, type OutboxPurpose } from "./outbox.ts";
import type { BudgetClaim, BudgetScope, SendingBudget } from "./sending-budget.ts";

export const CODE_TTL_MS = 10 * 60_000;
/** A passed verification opens its purpose's change this long, in the session that passed it. */
const PASSED_VERIFICATION_MS = 5 * 60_000;
/** Exactly one scope of idp_passed_verifications. */
const SCOPE = "account_id = $1 AND grant_id = $2 AND purpose = $3";

/** Whose verification: one account, in one session (its grant), for one purpose. */
export interface PassedScope {
  accountId: string;
  grantId: string;
  purpose: string;
  /** How long it stands (PASSED_VERIFICATION_MS unless the purpose's own step lasts longer). */
  standsForMs?: number;
}

/** "resend-lock": a code went out less than the lock ago; "budget": a sending budget (`scope`) is spent, nothing was sent. */
export type SendResult =
  | { ok: true }
  | { ok: false; retryAfterSeconds: number; reason: "resend-lock" }
  | { ok: false; retryAfterSeconds: number; reason: "budget"; scope: BudgetScope };
/** "wrong" and "wrong-last" were real guesses; "wrong-last" also killed the code. */
export type CheckResult = "verified" | "wrong" | "wrong-last" | "exhausted" | "expired" | "missing";

export function wasAGuess(result: CheckResult): boolean {
  return result === "wrong" || result === "wrong-last";
}

interface VerificationRow {
  channel: DeliveryChannel;
  destination: string;
  code_hash: string;
  failed_attempts: number;
  sent_at: Date;
  expires_at: Date;
}

/** Sends a flow's text or call now, in the request that asked for it (the delivery worker would a moment later). */
export type SendNow = (flowKey: string) => Promise<void>;

/**
 * One-time codes: one live code per flow, stored hashed, single use, valid 10 minutes, at most 5 wrong
 * tries, a new one no sooner than `resendLockMs` after the last; written with its outbox message in one transaction.
 */
export function createVerifications(
  db: Database,
  outbox: Outbox,
  secret: string,
  now: () => Date,
  resendLockMs: number,
  budget: SendingBudget,
  sendNow: SendNow,
) {
  async function find(flowKey: string): Promise<VerificationRow | null> {
    const rows = await db.query<VerificationRow>("SELECT * FROM idp_verifications WHERE flow_key = $1", [flowKey]);
    return rows[0] ?? null;
  }

  /**
   * The resend lock: none after a text or call that never reached the phone (the provider refused
   * it, gave up or reported it undelivered), so the participant can ask again, or ask for a call, at once.
   */
  async function secondsUntilResend(flowKey: string): Promise<number> {
    const row = await find(flowKey);
    if (!row) return 0;
    const remaining = row.sent_at.getTime() + resendLockMs - now().getTime();
    if (remaining <= 0) return 0;
    const delivery = row.channel === "sms" || row.channel === "voice" ? await outbox.deliveryOf(flowKey) : null;
    if (delivery && (delivery.state === "failed" || delivery.state === "undelivered")) return 0;
    return Math.ceil(remaining / 1000);
  }

  return {
    retryAfterSeconds: secondsUntilResend,

    /** Where the flow's code was sent (a number being added is only known from here until it is confirmed). */
    async destinationOf(flowKey: string): Promise<string | null> {
      return (await find(flowKey))?.destination ?? null;
    },

    async channelOf(flowKey: string): Promise<Channel | null> {
      const channel = (await find(flowKey))?.channel;
      return channel === "sms" || channel === "voice" ? channel : null;
    },

    /**
     * Issues a new code for the flow and delivers it. An e-mail also carries `link(code)`.
     * `deliver: false` arms a code that nobody receives: flows that must not reveal whether an
     * account exists keep behaving the same (cooldown, attempts) while no code can ever pass.
     */
    async send(input: {
      flowKey: string;
      purpose: OutboxPurpose;
      channel: DeliveryChannel;
      to: string;
      link?: (code: string) => string;
      subject?: string;
      /** The language the message is written (or read out) in: the page's, or the account's. */
      locale?: "en" | "es";
      deliver?: boolean;
      /** Texts and calls: handed to the provider before answering; only where the answer's timing reveals nothing. */
      sendNow?: boolean;
      /** Who pays for a text or call (a code nobody receives goes through the budgets without spending shared ones). */
      budget?: BudgetClaim;
    }): Promise<SendResult> {
      const wait = await secondsUntilResend(input.flowKey);
      if (wait > 0) return { ok: false, retryAfterSeconds: wait, reason: "resend-lock" };
      const { channel } = input;
      const phone = channel === "sms" || channel === "voice";
      if (input.budget && phone) {
        const to = input.deliver === false ? null : input.to;
        const reserved = await budget.reserve({ ...input.budget, channel, to });
        if (!reserved.ok) return { ok: false, retryAfterSeconds: reserved.retryAfterSeconds, reason: "budget", scope: reserved.scope };
      }
      const code = generateCode(input.channel);
      const sentAt = now();
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO idp_verifications (flow_key, purpose, channel, destination, code_hash, failed_attempts, sent_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, 0, $6, $7)
           ON CONFLICT (flow_key) DO UPDATE SET purpose = $2, channel = $3, destination = $4, code_hash = $5,
             failed_attempts = 0, sent_at = $6, expires_at = $7, verified_at = NULL`,
          [
            input.flowKey,
            input.purpose,
            input.channel,
            input.to,
            hashCode(secret, input.flowKey, code),
            sentAt,
            new Date(sentAt.getTime() + CODE_TTL_MS),
          ],
        );
        if (input.deliver === false) return;
        await createOutbox(tx, now).deliver({
          channel: input.channel,
          to: input.to,
          code,
          link: input.link?.(code),
          subject: input.subject,
          ...(input.locale ? { locale: input.locale } : {}),
          ...(phone ? { flowKey: input.flowKey } : {}),
          purpose: input.purpose,
        });
      });
      if (phone && input.deliver !== false && input.sendNow) await sendNow(input.flowKey);
      return { ok: true };
    },

    async check(flowKey: string, code: string): Promise<CheckResult> {
      const row = await find(flowKey);
      if (!row) return "missing";
      if (row.failed_attempts >= MAX_WRONG_TRIES_PER_CODE) return "exhausted";
      if (row.expires_at <= now()) return "expired";
      if (codeMatches(secret, flowKey, code, row.code_hash)) {
        // Single use: the row goes, but its send time stays meaningful for the cooldown via a fresh send only.
        await db.query("DELETE FROM idp_verifications WHERE flow_key = $1", [flowKey]);
        return "verified";
      }
      const updated = await db.query<{ failed_attempts: number }>(
        "UPDATE idp_verifications SET failed_attempts = failed_attempts + 1 WHERE flow_key = $1 RETURNING failed_attempts",
        [flowKey],
      );
      return (updated[0]?.failed_attempts ?? MAX_WRONG_TRIES_PER_CODE) >= MAX_WRONG_TRIES_PER_CODE ? "wrong-last" : "wrong";
    },

    async discard(flowKey: string): Promise<void> {
      await db.query("DELETE FROM idp_verifications WHERE flow_key = $1", [flowKey]);
    },

    /** A code (or passkey) passed in this session for this purpose: it opens one change there, for a few minutes. */
    async markPassed(scope: PassedScope, method: PassedMethod, verifiedAt: Date = now()): Promise<void> {
      await db.query(
        `INSERT INTO idp_passed_verifications (account_id, grant_id, purpose, method, verified_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account_id, grant_id, purpose) DO UPDATE SET method = EXCLUDED.method, verified_at = EXCLUDED.verified_at`,
        [scope.accountId, scope.grantId, scope.purpose, method, verifiedAt],
      );
    },

    /** The verification still standing for exactly this scope, or null. */
    passed: (scope: PassedScope) =>
      standing(`SELECT method, verified_at AS "verifiedAt" FROM idp_passed_verifications WHERE ${SCOPE}`, scope),

    /** Takes the standing verification (single use): whoever takes it first, only once. */
    takePassed: (scope: PassedScope) =>
      standing(`DELETE FROM idp_passed_verifications WHERE ${SCOPE} RETURNING method, verified_at AS "verifiedAt"`, scope),
  };

  async function standing(sql: string, scope: PassedScope) {
    const [row] = await db.query<{ method: PassedMethod; verifiedAt: Date }>(sql, [scope.accountId, scope.grantId, scope.purpose]);
    if (!row) return null;
    const until = new Date(row.verifiedAt.getTime() + (scope.standsForMs ?? PASSED_VERIFICATION_MS));
    return until > now() ? { ...row, until } : null;
  }
}

export type Verifications = ReturnType<typeof createVerifications>;
export type PassedVerification = NonNullable<Awaited<ReturnType<Verifications["passed"]>>>;
