import type { Logger } from "pino";
import type { Database } from "../../../lib/postgres/index.ts";
import { repeatEvery } from "../../../lib/scheduling/repeat-every.ts";
import { accountLocale } from "../interactions/account-notice.ts";
import { createAccountStore } from "../store/accounts.ts";
import { createOutbox } from "../store/outbox.ts";
import { kitStepMessage } from "./kit-step-message.ts";
import { createNotificationPreferences, wantsEmailFor, type NotifiableStep } from "./preferences.ts";
import type { KitStepChange, KitStepFeed } from "./results-kit-steps.ts";
import { followResultsLog } from "./results-log-cursor.ts";
import { unsubscribeUrl } from "./unsubscribe-token.ts";

export interface KitStepSenderDeps {
  db: Database;
  feed: KitStepFeed;
  issuer: string;
  portalUrl: string;
  unsubscribeKeys: readonly string[];
  now: () => Date;
  logger: Logger;
}

const CURSOR = "results";

/** The same change always has the same key, whichever instance or retry sees it. */
const changeKey = (change: KitStepChange) => `${change.userId}:${change.step}:${change.changedAt}`;

/**
 * E-mails each new kit step once. Any number of instances may run this: the decision on a change is
 * recorded under the change's unique key in the same transaction as the e-mail lands in the outbox,
 * so a second instance (or a retry after a crash) finds the key taken and sends nothing, and a crash
 * before the commit leaves neither, so the next run sends it.
 */
export function createKitStepSender(deps: KitStepSenderDeps) {
  async function decide(change: KitStepChange): Promise<boolean> {
    return deps.db.transaction(async (tx) => {
      const account = await createAccountStore(tx).findById(change.userId);
      const choices = createNotificationPreferences(tx, deps.now);
      const preferences = await choices.get(change.userId);
      const outcome = !account ? "no-account" : wantsEmailFor(preferences, change.step) ? "sent" : "off";
      const claimed = await tx.query(
        `INSERT INTO idp_kit_step_notices (change_key, account_id, step, outcome, decided_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (change_key) DO NOTHING RETURNING change_key`,
        [changeKey(change), change.userId, change.step, outcome, deps.now()],
      );
      if (claimed.length === 0 || outcome !== "sent" || !account) return false;
      const locale = accountLocale(account);
      const message = kitStepMessage({
        locale,
        step: change.step as NotifiableStep,
        portalUrl: deps.portalUrl,
        unsubscribeUrl: unsubscribeUrl(deps.issuer, deps.unsubscribeKeys, account.id, locale, await choices.version(account.id)),
      });
      await createOutbox(tx, deps.now).deliver({ channel: "email", to: account.email, purpose: "kit-step", locale, ...message });
      return true;
    });
  }

  /** Reads the log after the shared position, decides each entry, moves the position on; answers how many were e-mailed. */
  const runOnce = () =>
    followResultsLog(
      deps.db,
      CURSOR,
      async (after) => {
        const page = await deps.feed(after);
        return page && { entries: page.changes, lastId: page.lastId };
      },
      decide,
    );

  /** Polls every `intervalMs` (one run at a time per instance); the answer stops it and waits for a run under way. */
  function start(intervalMs: number): () => Promise<void> {
    return repeatEvery(intervalMs, runOnce, (error) => deps.logger.warn({ err: { message: error.message } }, "kit step e-mails failed"));
  }

  return { runOnce, start };
}
