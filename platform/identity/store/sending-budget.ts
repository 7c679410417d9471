import { createHash } from "node:crypto";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Logger } from "pino";
import type { Channel } from "../domain/codes.ts";
import { maskPhone } from "../domain/phone.ts";
import { normalizeEmail } from "./accounts.ts";
import type { Limit, Throttle } from "./throttle.ts";

/**
 * Budgets for the codes that cost money (texts and calls), counted in the database so they hold across
 * processes; the pools, the budgets each code counts against and their alerts are described in
 * platform/identity/README.md ('Sending budgets').
 */
type SendPool = "established" | "newcomer" | "recovery";

export const DEFAULT_SENDING_BUDGETS = {
  accountHourly: 12,
  accountDaily: 40,
  numberHourly: 12,
  numberDaily: 40,
  recoveryNumberHourly: 3,
  recoveryNumberDaily: 6,
  /** Recovery codes for one account started from its remembered browser. */
  recoveryRememberedHourly: 2,
  recoveryRememberedDaily: 3,
  /** Percent of the recovery pool that only recovery from a remembered browser may use. */
  recoveryReservedPercent: 25,
  /** Percent of the newcomers' and of the recovery pool one client address may use in an hour. */
  poolSourcePercent: 10,
  /** Percent of the newcomers' and of the recovery pool the accounts registered in one hour may use in an hour. */
  poolCohortPercent: 25,
  establishedHourly: 3000,
  newcomerHourly: 300,
  recoveryHourly: 200,
  smsHourly: 4000,
  voiceHourly: 1000,
  /** Percent of each deployment budget that only established participants' codes may use. */
  reservedPercent: 75,
  /** Hours after its first phone is verified that an account still counts as a newcomer. */
  newcomerHours: 24,
  newNumbersDaily: 3,
  newNumbersBeforeCheck: 1,
};

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const hourlyAndDaily = (hourly: number, daily: number): Limit[] => [
  { max: hourly, windowMs: HOUR },
  { max: daily, windowMs: DAY },
];
/** A percentage setting as a share from 0 to 1, held within 0-100. */
const shareOf = (percent: number) => Math.min(100, Math.max(0, percent)) / 100;

export type SendingBudgetSettings = typeof DEFAULT_SENDING_BUDGETS;

export function sendingBudgetsFrom(settings: SendingBudgetSettings) {
  return {
    perAccount: hourlyAndDaily(settings.accountHourly, settings.accountDaily),
    perNumber: hourlyAndDaily(settings.numberHourly, settings.numberDaily),
    /** Codes without a password: per number, and per e-mail as typed (an unknown e-mail's is simulated). */
    recoveryPerNumber: hourlyAndDaily(settings.recoveryNumberHourly, settings.recoveryNumberDaily),
    /** Codes for one account's recovery from its remembered browser (nobody else can spend them). */
    recoveryRemembered: hourlyAndDaily(settings.recoveryRememberedHourly, settings.recoveryRememberedDaily),
    recoveryReservedShare: shareOf(settings.recoveryReservedPercent),
    poolSourceShare: shareOf(settings.poolSourcePercent),
    poolCohortShare: shareOf(settings.poolCohortPercent),
    pools: {
      established: { max: settings.establishedHourly, windowMs: HOUR },
      newcomer: { max: settings.newcomerHourly, windowMs: HOUR },
      recovery: { max: settings.recoveryHourly, windowMs: HOUR },
    },
    deployment: { sms: { max: settings.smsHourly, windowMs: HOUR }, voice: { max: settings.voiceHourly, windowMs: HOUR } },
    /** Share (0–1) of each deployment budget kept for established participants. */
    reservedShare: shareOf(settings.reservedPercent),
    newcomerWindowMs: settings.newcomerHours * HOUR,
    /** Different new numbers one account may enrol in a day (each enrolment sends a code). */
    newNumbersPerAccount: { max: settings.newNumbersDaily, windowMs: DAY },
    /** New numbers an account may enrol in that day before each further one needs the human check. */
    newNumbersBeforeCheck: settings.newNumbersBeforeCheck,
  };
}

type SendingBudgets = ReturnType<typeof sendingBudgetsFrom>;

/** One number, however it was typed: E.164 by libphonenumber-js (US numbers without a country code). */
export function numberKey(phone: string): string {
  return parsePhoneNumberFromString(phone, "US")?.number ?? phone.replace(/[^\d+]/g, "");
}

const newNumberBuckets = (accountKey: string, phone: string) => ({
  bucket: `send:new-number:${accountKey}`,
  seen: `send:new-number:${accountKey}:${numberKey(phone)}`,
});
const newcomerBucket = (accountId: string) => `send:newcomer:${accountId}`;

/**
 * Which budget refused: the account's, the number's (after a password), the recovery budgets per
 * number or per e-mail (without one), a pool, or a channel's deployment budget (`deployment` for
 * established participants, `deployment-unreserved` for the share everyone else may use).
 */
export type BudgetScope =
  | "account"
  | "number"
  | "recovery-number"
  | "recovery-email"
  | "recovery-remembered"
  | `pool-source:${SendPool}`
  | `pool-cohort:${SendPool}`
  | `pool:${SendPool}`
  | `deployment:${Channel}`
  | `deployment-unreserved:${Channel}`;
type BudgetAnswer = { ok: true } | { ok: false; retryAfterSeconds: number; scope: BudgetScope };

/**
 * Who pays for a code: a participant after their password or session, or a recovery without one
 * (`rememberedAccount`: started from that account's remembered browser). `source`: the client address
 * of a hosted page's request (none for the account API, which the portal's server calls).
 */
export type BudgetClaim = (
  { pool: "established" | "newcomer"; accountKey: string } | { pool: "recovery"; email: string; rememberedAccount?: string }
) & { source?: string };

type Send = BudgetClaim & {
  channel: Channel;
  /** The number; for a recovery whose code nobody receives (no account), null: the budgets are only simulated. */
  to: string | null;
};

const shortHash = (value: string) => createHash("sha256").update(value).digest("base64url").slice(0, 12);

export function createSendingBudget(
  throttle: Throttle,
  budgets: SendingBudgets,
  logger: Logger,
  now: () => Date,
  /**
   * An account's registration cohort: the hour it registered itself in (null for accounts that came
   * from the program's records, or registered long ago). Accounts a stranger creates in a burst share one.
   */
  cohortOf: (claim: BudgetClaim) => Promise<string | null>,
) {
  /** When each budget last alerted: at most one alert per budget within its own window's length. */
  const alerted = new Map<string, number>();

  type Check = { scope: BudgetScope; bucket: string; limit: Limit; key?: string; record: boolean };

  function checksOf(send: Send, cohort: string | null): Check[] {
    const checks: Check[] = [];
    const real = send.to !== null;
    // A simulated send (nobody receives it) takes only from its own budgets, not from the shared ones.
    const add = (scope: BudgetScope, bucket: string, limits: Limit[], key?: string, record = true) =>
      checks.push(...limits.map((limit) => ({ scope, bucket, limit, key, record })));
    const remembered = send.pool === "recovery" && Boolean(send.rememberedAccount);
    if (send.pool === "recovery" && send.rememberedAccount)
      add("recovery-remembered", `send:recovery-remembered:${send.rememberedAccount}`, budgets.recoveryRemembered, send.rememberedAccount);
    else if (send.pool === "recovery") {
      const email = normalizeEmail(send.email);
      add("recovery-email", `send:recovery-email:${email}`, budgets.recoveryPerNumber, shortHash(email));
      if (send.to !== null)
        add("recovery-number", `send:recovery-number:${numberKey(send.to)}`, budgets.recoveryPerNumber, maskPhone(send.to));
    } else {
      add("account", `send:account:${send.accountKey}`, budgets.perAccount, send.accountKey);
      if (send.to !== null) add("number", `send:number:${numberKey(send.to)}`, budgets.perNumber, maskPhone(send.to));
    }
    const pool = budgets.pools[send.pool];
    // Inside the newcomers' and the anonymous recovery pool, no one address and no one registration
    // cohort may take more than its share: neither a script at one address nor a burst of accounts
    // it registered can spend what everyone else is waiting for.
    if (send.pool === "newcomer" || (send.pool === "recovery" && !remembered)) {
      const share = (fraction: number) => [{ ...pool, max: Math.max(1, Math.floor(pool.max * fraction)) }];
      const poolBucket = `send:pool:${send.pool}`;
      if (send.source && budgets.poolSourceShare < 1) {
        const key = shortHash(send.source);
        add(`pool-source:${send.pool}`, `${poolBucket}:source:${send.source}`, share(budgets.poolSourceShare), key, real);
      }
      if (cohort && budgets.poolCohortShare < 1)
        add(`pool-cohort:${send.pool}`, `${poolBucket}:cohort:${cohort}`, share(budgets.poolCohortShare), cohort, real);
    }
    // Anonymous recovery stops short of the share kept for recovery from a remembered browser.
    const poolLimit =
      send.pool === "recovery" && !remembered ? { ...pool, max: Math.floor(pool.max * (1 - budgets.recoveryReservedShare)) } : pool;
    add(`pool:${send.pool}`, `send:pool:${send.pool}`, [poolLimit], undefined, real);
    const deployment = budgets.deployment[send.channel];
    const bucket = `send:deployment:${send.channel}`;
    // A remembered browser's recovery is an established participant's: the whole deployment budget.
    if (send.pool === "established" || remembered) add(`deployment:${send.channel}`, bucket, [deployment], undefined, real);
    else {
      const unreserved = { ...deployment, max: Math.floor(deployment.max * (1 - budgets.reservedShare)) };
      add(`deployment-unreserved:${send.channel}`, bucket, [unreserved], undefined, real);
    }
    return checks;
  }

  async function firstExceeded(checks: Check[]) {
    for (const check of checks) {
      const waitMs = await throttle.retryAfterMs(check.bucket, check.limit);
      if (waitMs > 0) return { check, retryAfterSeconds: Math.ceil(waitMs / 1000) };
    }
    return null;
  }

  /** Pools and deployment budgets are everyone's: an error; one account's or number's: a warning. Never a number or e-mail in clear. */
  function alertOnce({ scope, bucket, limit, key }: Check): void {
    const at = now().getTime();
    const id = `${bucket}:${limit.windowMs}`;
    const last = alerted.get(id);
    if (last !== undefined && at - last < limit.windowMs) return;
    if (alerted.size > 10_000) alerted.clear();
    alerted.set(id, at);
    const shared = scope.startsWith("pool:") || scope.startsWith("deployment");
    const channel = scope.startsWith("deployment") ? scope.split(":")[1] : undefined;
    const alert = channel ? `${channel}-budget-exhausted` : "send-budget-exhausted";
    // pino leaves out a field whose value is undefined (no channel, no key).
    const line = { alert, budget: scope, channel, key, max: limit.max, windowMinutes: limit.windowMs / 60_000 };
    logger[shared ? "error" : "warn"](line, "message budget exhausted");
  }

  return {
    /** Takes one message out of every budget, or none when any is spent (a simulated send takes only from its own). */
    async reserve(send: Send): Promise<BudgetAnswer> {
      const checks = checksOf(send, await cohortOf(send));
      const exceeded = await firstExceeded(checks);
      if (exceeded) {
        alertOnce(exceeded.check);
        return { ok: false, scope: exceeded.check.scope, retryAfterSeconds: exceeded.retryAfterSeconds };
      }
      // One event per bucket: its hourly and daily limits count the same events.
      await throttle.record(...new Set(checks.filter((check) => check.record).map((check) => check.bucket)));
      return { ok: true };
    },

    /** Whether a send would pass now (nothing is taken): which other ways to send a refusal page may offer. */
    async wouldPass(send: Send): Promise<boolean> {
      return (await firstExceeded(checksOf(send, await cohortOf(send)))) === null;
    },

    /**
     * The pool an account's codes come from: established once it has a verified phone and is past its
     * first `newcomerHours` (an account that came with its phone is established from the start).
     */
    async poolOf(account: { id: string; phone: string | null }): Promise<"established" | "newcomer"> {
      if (!account.phone) return "newcomer";
      const recent = await throttle.isLimited(newcomerBucket(account.id), { max: 1, windowMs: budgets.newcomerWindowMs });
      return recent ? "newcomer" : "established";
    },

    /** An account's first phone was just verified: it is a newcomer for `newcomerHours`. */
    async markNewcomer(accountId: string): Promise<void> {
      await throttle.record(newcomerBucket(accountId));
    },

    /** True when this number would be one more new number past the account's free allowance. */
    async newNumberNeedsCheck(accountKey: string, phone: string): Promise<boolean> {
      const { bucket, seen } = newNumberBuckets(accountKey, phone);
      const windowMs = budgets.newNumbersPerAccount.windowMs;
      if (await throttle.isLimited(seen, { max: 1, windowMs })) return false;
      return throttle.isLimited(bucket, { max: budgets.newNumbersBeforeCheck, windowMs });
    },

    /** A new number for the account counts against its daily allowance of new numbers. */
    async reserveNewNumber(accountKey: string, phone: string): Promise<BudgetAnswer> {
      const { bucket, seen } = newNumberBuckets(accountKey, phone);
      if (await throttle.isLimited(seen, { max: 1, windowMs: budgets.newNumbersPerAccount.windowMs })) return { ok: true };
      const waitMs = await throttle.retryAfterMs(bucket, budgets.newNumbersPerAccount);
      if (waitMs > 0) return { ok: false, scope: "account", retryAfterSeconds: Math.ceil(waitMs / 1000) };
      await throttle.record(bucket, seen);
      return { ok: true };
    },
  };
}

export type SendingBudget = ReturnType<typeof createSendingBudget>;
