import type * as z from "zod";
import { serviceFetch } from "../../../lib/http/service-fetch.ts";
import type { Database, Queryable } from "../../../lib/postgres/index.ts";
import { repeatEvery } from "../../../lib/scheduling/repeat-every.ts";
import type { AccountApiDeps } from "../account-api/deps.ts";
import { accountLocale } from "../interactions/account-notice.ts";
import { signServiceToken } from "../oidc/access-tokens.ts";
import { type Locale, type MessageKey, translate } from "../pages/i18n.ts";
import { createAccountStore } from "../store/accounts.ts";
import { createOutbox, type OutgoingMessage } from "../store/outbox.ts";
import { createNotificationPreferences, type StoredPreferences } from "./preferences.ts";
import { unsubscribeUrl } from "./unsubscribe-token.ts";

/** A page of an ordered log of the results service (kit steps, report reissues): entries after a position. */
interface LogPage<E> {
  entries: E[];
  /** The log's newest position: a reader past it reads a log that was started again. */
  lastId: number;
}

/** What a feed of one of the results service's logs (kit steps, reissued reports) reads it with. */
export type LogFeedOptions = Pick<AccountApiDeps, "keys" | "issuer" | "logger"> & { resultsApiUrl: string; resultsAudience: string };

/**
 * Reads pages of one of the results service's logs after a position; null when it cannot be read now
 * (logged once when it fails and once when it reads again, not every few seconds).
 */
export function resultsLogReader<P>(
  options: LogFeedOptions,
  feed: { log: "kit-steps" | "report-reissues"; path: string; what: string },
  schema: z.ZodType<P>,
): (after: number) => Promise<P | null> {
  const base = `${options.resultsApiUrl.replace(/\/$/, "")}/`;
  let failing = false;
  const failed = (details: Record<string, unknown>) => {
    if (!failing) options.logger.warn(details, `${feed.what} could not be read; trying again`);
    failing = true;
    return null;
  };
  return async (after) => {
    try {
      const response = await serviceFetch(new URL(`${feed.path}?after=${after}&limit=100`, base), {
        headers: {
          authorization: `Bearer ${await signServiceToken(options.keys, options, feed.log, "120s", { scope: `${feed.log}:read` })}`,
        },
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return failed({ status: response.status });
      }
      const page = schema.parse(await response.json());
      if (failing) options.logger.info(`${feed.what} can be read again`);
      failing = false;
      return page;
    } catch (error) {
      return failed({ err: { message: (error as Error).message } });
    }
  };
}

/**
 * Decides each entry after the position kept under `name` in idp_kit_step_cursor, then moves it on. A
 * log started again (the results service's data reset) is read from its start; each decision's key keeps what was sent.
 */
async function followResultsLog<E extends { id: number }>(
  db: Database,
  name: string,
  read: (after: number) => Promise<LogPage<E> | null>,
  decide: (entry: E) => Promise<boolean>,
): Promise<number> {
  const [cursor] = await db.query<{ last_change: number }>("SELECT last_change FROM idp_kit_step_cursor WHERE name = $1", [name]);
  const position = cursor?.last_change ?? 0;
  const page = await read(position);
  if (!page) return 0;
  if (page.lastId < position) {
    await db.query("UPDATE idp_kit_step_cursor SET last_change = 0 WHERE name = $1 AND last_change = $2", [name, position]);
    return followResultsLog(db, name, read, decide);
  }
  if (page.entries.length === 0) return 0;
  let done = 0;
  for (const entry of page.entries) if (await decide(entry)) done++;
  await db.query(
    `INSERT INTO idp_kit_step_cursor (name, last_change) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET last_change = GREATEST(idp_kit_step_cursor.last_change, EXCLUDED.last_change)`,
    [name, Math.max(...page.entries.map((entry) => entry.id))],
  );
  return done;
}

export type LogMailerDeps = Pick<AccountApiDeps, "issuer" | "portalUrl" | "now" | "logger"> & {
  db: Database;
  unsubscribeKeys: readonly string[];
};

/**
 * E-mails each entry of a results log once. Any number of instances may run this: the decision on an
 * entry is recorded under the entry's unique key (`claim`) in the same transaction as the e-mail lands
 * in the outbox, so a second instance (or a retry after a crash) finds the key taken and sends
 * nothing, and a crash before the commit leaves neither, so the next run sends it.
 */
export function createLogMailer<E extends { id: number; userId: string }>(
  deps: LogMailerDeps,
  log: {
    /** The name of the log's position in idp_kit_step_cursor. */
    cursor: string;
    read: (after: number) => Promise<LogPage<E> | null>;
    /** "sent" when the participant's choices want the entry e-mailed, otherwise why not. */
    outcome: (entry: E, preferences: StoredPreferences) => string;
    /** Records the decision under the entry's key, answering the row it wrote (none when it was recorded before). */
    claim: (tx: Queryable, entry: E, outcome: string) => Promise<unknown[]>;
    email: (entry: E, locale: Locale, unsubscribe: string) => Omit<OutgoingMessage, "channel" | "to" | "locale">;
    /** The warning a failed run logs. */
    failure: string;
  },
) {
  const decide = (entry: E) =>
    deps.db.transaction(async (tx) => {
      const account = await createAccountStore(tx).findById(entry.userId);
      const choices = createNotificationPreferences(tx, deps.now);
      const outcome = account ? log.outcome(entry, await choices.get(entry.userId)) : "no-account";
      if ((await log.claim(tx, entry, outcome)).length === 0 || outcome !== "sent" || !account) return false;
      const locale = accountLocale(account);
      const unsubscribe = unsubscribeUrl(deps.issuer, deps.unsubscribeKeys, account.id, locale, await choices.version(account.id));
      await createOutbox(tx, deps.now).deliver({ channel: "email", to: account.email, locale, ...log.email(entry, locale, unsubscribe) });
      return true;
    });

  const runOnce = () => followResultsLog(deps.db, log.cursor, log.read, decide);

  const start = (intervalMs: number) =>
    repeatEvery(intervalMs, runOnce, (error) => deps.logger.warn({ err: { message: error.message } }, log.failure));

  return { runOnce, start };
}

/**
 * A log's e-mail: its words and a link to sign in, nothing about any result (a mailbox is not a safe
 * place for health information), with RFC 8058 one-click unsubscribe headers.
 */
export function noticeEmail(
  locale: Locale,
  portalUrl: string,
  unsubscribe: string,
  words: { subject: MessageKey; body: MessageKey; step?: string },
) {
  const link = `${portalUrl.replace(/\/$/, "")}/`;
  return {
    subject: translate(locale, words.subject),
    body: translate(locale, words.body, { ...(words.step ? { step: words.step } : {}), link, unsubscribe }),
    link,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
