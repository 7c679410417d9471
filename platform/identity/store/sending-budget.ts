import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Logger } from "pino";
import type { Channel } from "../domain/codes.ts";
import type { Limit, Throttle } from "./throttle.ts";

/**
 * Budgets for the messages that cost money (SMS and voice codes), counted in the database so they
 * hold across processes: per account, per destination number, per client, and deployment-wide per
 * channel. A refused send sends nothing and says when it may be tried again.
 */
export interface SendingBudgets {
  perAccount: Limit[];
  perNumber: Limit[];
  perClient: Limit[];
  deployment: Record<Channel, Limit>;
  /** Different new numbers one account may enrol in a day (each enrolment sends a code). */
  newNumbersPerAccount: Limit;
  /** New numbers an account may enrol in that day before each further one needs the human check. */
  newNumbersBeforeCheck: number;
}

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export function sendingBudgetsFrom(settings: {
  accountHourly: number;
  accountDaily: number;
  numberHourly: number;
  numberDaily: number;
  clientHourly: number;
  smsHourly: number;
  voiceHourly: number;
  newNumbersDaily: number;
  newNumbersBeforeCheck: number;
}): SendingBudgets {
  return {
    perAccount: [
      { max: settings.accountHourly, windowMs: HOUR },
      { max: settings.accountDaily, windowMs: DAY },
    ],
    perNumber: [
      { max: settings.numberHourly, windowMs: HOUR },
      { max: settings.numberDaily, windowMs: DAY },
    ],
    perClient: [{ max: settings.clientHourly, windowMs: HOUR }],
    deployment: { sms: { max: settings.smsHourly, windowMs: HOUR }, voice: { max: settings.voiceHourly, windowMs: HOUR } },
    newNumbersPerAccount: { max: settings.newNumbersDaily, windowMs: DAY },
    newNumbersBeforeCheck: settings.newNumbersBeforeCheck,
  };
}

/** One number, however it was typed: E.164 by libphonenumber-js (US numbers without a country code). */
export function numberKey(phone: string): string {
  return parsePhoneNumberFromString(phone, "US")?.number ?? phone.replace(/[^\d+]/g, "");
}

const newNumberBuckets = (accountKey: string, phone: string) => ({
  bucket: `send:new-number:${accountKey}`,
  seen: `send:new-number:${accountKey}:${numberKey(phone)}`,
});

type BudgetScope = "account" | "number" | "client" | "deployment";
export type BudgetAnswer = { ok: true } | { ok: false; retryAfterSeconds: number; scope: BudgetScope };

export interface Send {
  channel: Channel;
  to: string;
  accountKey: string;
  client: string;
}

export function createSendingBudget(throttle: Throttle, budgets: SendingBudgets, logger: Logger, now: () => Date) {
  const alertedWindow: Partial<Record<Channel, number>> = {};

  function bucketsOf(send: Send) {
    return {
      account: `send:account:${send.accountKey}`,
      number: `send:number:${numberKey(send.to)}`,
      client: `send:client:${send.client}`,
      deployment: `send:deployment:${send.channel}`,
    };
  }

  async function firstExceeded(checks: (readonly [BudgetScope, string, Limit])[]) {
    for (const [scope, bucket, limit] of checks) {
      const waitMs = (await throttle.isLimited(bucket, limit)) ? await throttle.retryAfterMs(bucket, limit) : 0;
      if (waitMs > 0) return { scope, retryAfterSeconds: Math.ceil(waitMs / 1000) };
    }
    return null;
  }

  function alertOnce(channel: Channel, limit: Limit): void {
    const window = Math.floor(now().getTime() / limit.windowMs);
    if (alertedWindow[channel] === window) return;
    alertedWindow[channel] = window;
    logger.error(
      { alert: `${channel}-budget-exhausted`, channel, budget: limit.max, windowMinutes: limit.windowMs / 60_000 },
      "message budget exhausted",
    );
  }

  return {
    /** Takes one message out of every budget, or none when any is spent. */
    async reserve(send: Send): Promise<BudgetAnswer> {
      const buckets = bucketsOf(send);
      const exceeded = await firstExceeded([
        ...budgets.perAccount.map((limit) => ["account", buckets.account, limit] as const),
        ...budgets.perNumber.map((limit) => ["number", buckets.number, limit] as const),
        ...budgets.perClient.map((limit) => ["client", buckets.client, limit] as const),
        ["deployment", buckets.deployment, budgets.deployment[send.channel]] as const,
      ]);
      if (exceeded) {
        if (exceeded.scope === "deployment") alertOnce(send.channel, budgets.deployment[send.channel]);
        return { ok: false, ...exceeded };
      }
      for (const bucket of Object.values(buckets)) await throttle.record(bucket);
      return { ok: true };
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
      if (await throttle.isLimited(bucket, budgets.newNumbersPerAccount)) {
        const waitMs = await throttle.retryAfterMs(bucket, budgets.newNumbersPerAccount);
        return { ok: false, scope: "account", retryAfterSeconds: Math.ceil(waitMs / 1000) };
      }
      await throttle.record(bucket);
      await throttle.record(seen);
      return { ok: true };
    },
  };
}

export type SendingBudget = ReturnType<typeof createSendingBudget>;
