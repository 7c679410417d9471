import { repeatEvery } from "../../../lib/scheduling/repeat-every.ts";
import type { PhoneChanges } from "../store/phone-changes.ts";
import type { InteractionDeps } from "./deps.ts";
import { phoneChangeNotice } from "./phone-change-notices.ts";

/**
 * Brings requested phone changes to their end: applies those whose cooling-off period is over and
 * e-mails each one that ended (applied or cancelled). Called for one account when the participant
 * signs in or views Login & Security, and for everyone by the periodic sweep.
 */
export function createPhoneChangeSettler(
  deps: Pick<InteractionDeps, "accounts" | "outbox" | "portalUrl" | "logger"> & { phoneChanges: PhoneChanges },
) {
  const { phoneChanges, accounts } = deps;

  async function settle(accountId?: string): Promise<void> {
    await phoneChanges.applyDue(accountId);
    for (const ended of await phoneChanges.takeEndedUnnoticed(accountId)) {
      const account = await accounts.findById(ended.accountId);
      if (!account) continue;
      const kind = ended.status === "applied" ? "applied" : "cancelled";
      await phoneChangeNotice(deps, account, { kind, newPhone: ended.newPhone, at: ended.decidedAt ?? ended.effectiveAt });
    }
  }

  return {
    settle,
    /** The sweep of this instance; another instance's sweep never applies the same change again. */
    start(intervalMs: number): () => Promise<void> {
      return repeatEvery(intervalMs, settle, (error) => deps.logger.warn({ err: { message: error.message } }, "phone change sweep failed"));
    },
  };
}

export type PhoneChangeSettler = ReturnType<typeof createPhoneChangeSettler>;
