import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../../../lib/postgres/index.ts";
import { signValue, verifySignedValue } from "../domain/signed-value.ts";
import type { Limit, Throttle } from "../store/throttle.ts";
import type { CaptchaVerifier } from "./altcha-verifier.ts";
import { spendOnce } from "./used-once.ts";

/** Without JavaScript the check is a wait: a signed ticket that ripens after this many seconds (HUMAN_CHECK_WAIT_SECONDS). */
export const HUMAN_CHECK_WAIT_SECONDS = 15;
export const HUMAN_CHECK_WAIT_SECONDS_MAX = 600;
const TICKET_TTL_MS = 10 * 60_000;
/** Waited tickets per scope (account) and window; past it, another wait. The proof of work is never refused: slowed, never kept out. */
const WAIT_TICKETS_PER_SCOPE: Limit = { max: 20, windowMs: 15 * 60_000 };

export interface HumanCheckForm {
  captchaToken?: string;
  humanCheckTicket?: string;
}

export type HumanCheckAnswer = "passed" | "missing" | "too-soon";

const scopeHash = (scope: string) => createHash("sha256").update(scope).digest("base64url").slice(0, 22);

/**
 * The escalation step of the hosted pages: a proof of work solved in the browser (ALTCHA, the same
 * verifier as the account API), or, without JavaScript, a ticket that is only good after a wait.
 * Each proof is bound to a scope (an account, as typed) and can be spent once.
 */
export function createHumanCheck(deps: {
  db: Queryable;
  captcha: CaptchaVerifier;
  throttle: Throttle;
  keys: string[];
  now: () => Date;
  waitSeconds?: number;
}) {
  const { db, captcha, throttle, keys, now } = deps;
  const waitSeconds = deps.waitSeconds ?? HUMAN_CHECK_WAIT_SECONDS;

  /** The ticket's age (ms) and nonce when it is this scope's and unexpired. */
  function ticketOf(ticket: string | undefined, scope: string): { age: number; issuedAt: number; nonce: string } | null {
    const value = verifySignedValue(keys, ticket) as { s?: unknown; t?: unknown; n?: unknown } | null;
    if (!value || value.s !== scopeHash(scope) || typeof value.t !== "number" || typeof value.n !== "string") return null;
    const age = now().getTime() - value.t;
    return age < TICKET_TTL_MS ? { age, issuedAt: value.t, nonce: value.n } : null;
  }

  return {
    waitSeconds,
    /** The ticket sent too early (`kept`) and the seconds it still waits, so asking early never restarts the wait; else a fresh one. */
    viewFor(scope: string, kept?: string) {
      const valid = ticketOf(kept, scope);
      const left = valid && valid.age >= 0 ? waitSeconds * 1000 - valid.age : 0;
      if (left > 0) return { ticket: kept!, waitSeconds: Math.ceil(left / 1000) };
      const fresh = { s: scopeHash(scope), t: now().getTime(), n: randomBytes(12).toString("base64url") };
      return { ticket: signValue(keys, fresh), waitSeconds };
    },
    async check(form: HumanCheckForm, scope: string): Promise<HumanCheckAnswer> {
      if (form.captchaToken && (await captcha.verify(form.captchaToken))) return "passed";
      const valid = ticketOf(form.humanCheckTicket, scope);
      if (!valid) return "missing";
      if (valid.age < waitSeconds * 1000) return "too-soon";
      const bucket = `human-check:wait:${scopeHash(scope)}`;
      if (await throttle.isLimited(bucket, WAIT_TICKETS_PER_SCOPE)) return "too-soon";
      if (!(await spendOnce(db, `ticket:${valid.nonce}`, new Date(valid.issuedAt + TICKET_TTL_MS), now()))) return "missing";
      await throttle.record(bucket);
      return "passed";
    },
  };
}

export type HumanCheck = ReturnType<typeof createHumanCheck>;
/** What a hosted form shows of the check: the ticket it carries and the wait it states. */
export type HumanCheckView = ReturnType<HumanCheck["viewFor"]>;
