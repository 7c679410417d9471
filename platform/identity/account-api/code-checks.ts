import { type Channel, isWellFormedCode } from "../domain/codes.ts";
import { CODE_FAILURE_WINDOW_MS, type CodeScope } from "../domain/guessing-limits.ts";
import { isWellFormedRecoveryCode } from "../domain/recovery-codes.ts";
import { accountLocale } from "../interactions/account-notice.ts";
import { RECOVERY_FAILURE_LIMIT, TOTP_FAILURE_LIMIT } from "../interactions/deps.ts";
import type { Account } from "../store/accounts.ts";
import { createCodeGuard } from "../store/code-guard.ts";
import type { OutboxPurpose } from "../store/outbox.ts";
import { type CodeDelivery, fail, notSent } from "./answers.ts";
import type { AccountApiDeps } from "./deps.ts";

/** Sending a code to a phone, checking a sent code, checking an app code: the same for every purpose. */
export function createCodeChecks(deps: AccountApiDeps) {
  const { verifications, throttle } = deps;
  const codeGuard = createCodeGuard(throttle, verifications);

  /** How the flow's last text or call went, or null when none was sent (or the flow's code is the app's). */
  async function deliveryOf(key: string): Promise<CodeDelivery | null> {
    const delivery = await deps.outbox.deliveryOf(key);
    if (!delivery || (delivery.channel !== "sms" && delivery.channel !== "voice")) return null;
    return { channel: delivery.channel, state: delivery.state, refusal: delivery.refusal };
  }

  return {
    /**
     * A code to the participant's own phone, paid from the participant's budgets, or to a new number
     * `to`, paid from the newcomers' pool like every enrolment. Handed to the provider before answering
     * (the caller is signed in: the timing reveals nothing), so the answer can already say when the
     * provider refused it.
     */
    async send(
      account: Account,
      channel: Channel,
      flow: { key: string; purpose: OutboxPurpose; to?: string },
    ): Promise<CodeDelivery | null> {
      const sent = await verifications.send({
        flowKey: flow.key,
        purpose: flow.purpose,
        channel,
        to: flow.to ?? account.phone!,
        locale: accountLocale(account),
        budget: { accountKey: account.id, pool: flow.to ? "newcomer" : await deps.sendingBudget.poolOf(account) },
        sendNow: true,
      });
      if (!sent.ok) throw notSent(sent);
      return deliveryOf(flow.key);
    },

    deliveryOf,

    /** A typed code against the flow's live one, within the account's wrong-code budget; throws the reason it did not pass. */
    async checkSent(key: string, typed: string, scope: CodeScope): Promise<void> {
      const code = typed.trim();
      if (!code) throw fail(400, "codeRequired");
      if (!isWellFormedCode(code, scope.channel === "voice" ? "voice" : "sms")) throw fail(400, "codeInvalid");
      const result = await codeGuard.check(key, code, scope);
      if (result === "verified") return;
      if (result === "over-budget") throw fail(429, "tooManyCodeFailures", { retryAfterSeconds: CODE_FAILURE_WINDOW_MS / 1000 });
      if (result === "wrong") throw fail(400, "codeInvalid");
      if (result === "expired") throw fail(400, "codeExpired");
      if (result === "missing") throw fail(409, "noVerification");
      throw fail(400, "codeExhausted");
    },

    /** An authenticator-app code, with the same wrong-code budget per purpose as a sent code; each code works once. */
    async checkApp(account: Account, purpose: string, typed: string): Promise<void> {
      const code = typed.trim();
      if (!code) throw fail(400, "codeRequired");
      if (!(await deps.factors.hasTotp(account.id))) throw fail(409, "totpMissing");
      if (!/^\d{6}$/.test(code)) throw fail(400, "codeInvalid");
      const bucket = `code-fail:${purpose}:totp:any:${account.id}`;
      if (await throttle.isLimited(bucket, TOTP_FAILURE_LIMIT))
        throw fail(429, "tooManyCodeFailures", { retryAfterSeconds: TOTP_FAILURE_LIMIT.windowMs / 1000 });
      const checked = await deps.factors.takeTotp(account.id, code);
      if (checked === "taken") return;
      await throttle.record(bucket);
      throw fail(400, checked === "used" ? "codeUsed" : "codeInvalid");
    },

    /**
     * One of the participant's recovery codes, spent if it is theirs and unused; wrong ones count in the
     * account's recovery-code budget, the sign-in's own (20 in 30 days).
     */
    async checkRecovery(account: Account, typed: string): Promise<void> {
      const code = typed.trim();
      if (!code) throw fail(400, "codeRequired");
      const bucket = `recovery-fail:${account.id}`;
      if (await throttle.isLimited(bucket, RECOVERY_FAILURE_LIMIT))
        throw fail(429, "tooManyCodeFailures", { retryAfterSeconds: RECOVERY_FAILURE_LIMIT.windowMs / 1000 });
      if (!isWellFormedRecoveryCode(code)) throw fail(400, "codeInvalid");
      if (await deps.factors.useRecoveryCode(account.id, code)) return;
      await throttle.record(bucket);
      throw fail(400, "codeInvalid");
    },
  };
}

export type CodeChecks = ReturnType<typeof createCodeChecks>;
