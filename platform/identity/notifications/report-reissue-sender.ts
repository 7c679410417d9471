import type { Logger } from "pino";
import type { Database } from "../../../lib/postgres/index.ts";
import { repeatEvery } from "../../../lib/scheduling/repeat-every.ts";
import { accountLocale } from "../interactions/account-notice.ts";
import { createAccountStore } from "../store/accounts.ts";
import { createOutbox } from "../store/outbox.ts";
import { createNotificationPreferences, HEALTH_STEP, wantsEmailFor } from "./preferences.ts";
import { isHealthReport, reportReissueMessage } from "./report-reissue-message.ts";
import { followResultsLog } from "./results-log-cursor.ts";
import type { ReportReissue, ReportReissueFeed } from "./results-report-reissues.ts";
import { unsubscribeUrl } from "./unsubscribe-token.ts";

export interface ReportReissueSenderDeps {
  db: Database;
  feed: ReportReissueFeed;
  issuer: string;
  portalUrl: string;
  unsubscribeKeys: readonly string[];
  now: () => Date;
  logger: Logger;
}

const CURSOR = "report-reissues";

/** One key per report and version, whichever instance or retry sees it, and whatever log position it had. */
export const reissueKey = (reissue: Pick<ReportReissue, "userId" | "appId" | "version">) =>
  JSON.stringify([reissue.userId, reissue.appId, reissue.version]);

/**
 * E-mails each reissued health or FH report once, under the kit e-mail choices ('Health results
 * ready'). As for kit steps: the decision is recorded under the report+version key in the same
 * transaction as the e-mail lands in the outbox, so a second instance or a retry finds the key taken
 * and sends nothing, and a crash before the commit leaves neither.
 */
export function createReportReissueSender(deps: ReportReissueSenderDeps) {
  async function decide(reissue: ReportReissue): Promise<boolean> {
    return deps.db.transaction(async (tx) => {
      const account = await createAccountStore(tx).findById(reissue.userId);
      const choices = createNotificationPreferences(tx, deps.now);
      const outcome = !account
        ? "no-account"
        : !isHealthReport(reissue.appName)
          ? "not-health"
          : wantsEmailFor(await choices.get(reissue.userId), HEALTH_STEP)
            ? "sent"
            : "off";
      const claimed = await tx.query(
        `INSERT INTO idp_report_reissue_notices (notice_key, account_id, app_id, version, outcome, decided_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (notice_key) DO NOTHING RETURNING notice_key`,
        [reissueKey(reissue), reissue.userId, reissue.appId, reissue.version, outcome, deps.now()],
      );
      if (claimed.length === 0 || outcome !== "sent" || !account) return false;
      const locale = accountLocale(account);
      const message = reportReissueMessage({
        locale,
        portalUrl: deps.portalUrl,
        unsubscribeUrl: unsubscribeUrl(deps.issuer, deps.unsubscribeKeys, account.id, locale, await choices.version(account.id)),
      });
      await createOutbox(tx, deps.now).deliver({
        channel: "email",
        to: account.email,
        purpose: "report-reissue",
        locale,
        // The outbox row is keyed by report and version too: however it is reached again, one e-mail.
        dedupeKey: `report-reissue:${reissueKey(reissue)}`,
        ...message,
      });
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
        return page && { entries: page.reissues, lastId: page.lastId };
      },
      decide,
    );

  function start(intervalMs: number): () => Promise<void> {
    return repeatEvery(intervalMs, runOnce, (error) =>
      deps.logger.warn({ err: { message: error.message } }, "report reissue e-mails failed"),
    );
  }

  return { runOnce, start };
}
