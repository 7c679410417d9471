import * as z from "zod";
import { HEALTH_STEP, wantsEmailFor } from "./preferences.ts";
import { createLogMailer, type LogFeedOptions, type LogMailerDeps, noticeEmail, resultsLogReader } from "./results-log.ts";

const ReissuesSchema = z.object({
  lastId: z.number().int().min(0),
  reissues: z.array(
    z.object({
      id: z.number().int(),
      userId: z.string().min(1),
      appId: z.string().min(1),
      appName: z.string().min(1),
      version: z.number().int().min(1),
      reissuedAt: z.string().min(1),
    }),
  ),
});
export type ReportReissue = z.infer<typeof ReissuesSchema>["reissues"][number];

/** Reads the results service's log of reissued reports after a position; null when it cannot be read now. */
export const resultsReportReissueFeed = (options: LogFeedOptions) =>
  resultsLogReader(options, { log: "report-reissues", path: "report-reissues", what: "report reissues" }, ReissuesSchema);

/** Health and FH reports: the reissues a participant is e-mailed about. */
const HEALTH_REPORT_APPS = ["health", "fh-health"];

/**
 * E-mails each reissued health or FH report once (createLogMailer), under the kit e-mail choices
 * ('Health results ready'): that a report was updated, nothing about which result or what changed.
 * One key per report and version, whichever instance or retry sees it, and whatever log position it had.
 */
export function createReportReissueSender(deps: LogMailerDeps & { feed: ReturnType<typeof resultsReportReissueFeed> }) {
  const reissueKey = (reissue: ReportReissue) => JSON.stringify([reissue.userId, reissue.appId, reissue.version]);
  return createLogMailer<ReportReissue>(deps, {
    cursor: "report-reissues",
    read: async (after) => {
      const page = await deps.feed(after);
      return page && { entries: page.reissues, lastId: page.lastId };
    },
    outcome: (reissue, preferences) =>
      !HEALTH_REPORT_APPS.includes(reissue.appName) ? "not-health" : wantsEmailFor(preferences, HEALTH_STEP) ? "sent" : "off",
    claim: (tx, reissue, outcome) =>
      tx.query(
        `INSERT INTO idp_report_reissue_notices (notice_key, account_id, app_id, version, outcome, decided_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (notice_key) DO NOTHING RETURNING notice_key`,
        [reissueKey(reissue), reissue.userId, reissue.appId, reissue.version, outcome, deps.now()],
      ),
    email: (reissue, locale, unsubscribe) => ({
      purpose: "report-reissue",
      // The outbox row is keyed by report and version too: however it is reached again, one e-mail.
      dedupeKey: `report-reissue:${reissueKey(reissue)}`,
      ...noticeEmail(locale, deps.portalUrl, unsubscribe, { subject: "reportReissue.subject", body: "reportReissue.body" }),
    }),
    failure: "report reissue e-mails failed",
  });
}
