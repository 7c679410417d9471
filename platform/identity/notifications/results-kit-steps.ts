import * as z from "zod";
import { translate } from "../pages/i18n.ts";
import { type NotifiableStep, wantsEmailFor } from "./preferences.ts";
import { createLogMailer, type LogFeedOptions, type LogMailerDeps, noticeEmail, resultsLogReader } from "./results-log.ts";

const ChangesSchema = z.object({
  lastId: z.number().int().min(0),
  changes: z.array(z.object({ id: z.number().int(), userId: z.string().min(1), step: z.number().int(), changedAt: z.string().min(1) })),
});
export type KitStepChange = z.infer<typeof ChangesSchema>["changes"][number];

/** Reads the results service's log of kit steps after a position; null when it cannot be read now. */
export const resultsKitStepFeed = (options: LogFeedOptions) =>
  resultsLogReader(options, { log: "kit-steps", path: "kit-step-changes", what: "kit steps" }, ChangesSchema);

/**
 * E-mails each new kit step once (createLogMailer): the step's name and a link to sign in. The same
 * change always has the same key, whichever instance or retry sees it.
 */
export function createKitStepSender(deps: LogMailerDeps & { feed: ReturnType<typeof resultsKitStepFeed> }) {
  return createLogMailer<KitStepChange>(deps, {
    cursor: "results",
    read: async (after) => {
      const page = await deps.feed(after);
      return page && { entries: page.changes, lastId: page.lastId };
    },
    outcome: (change, preferences) => (wantsEmailFor(preferences, change.step) ? "sent" : "off"),
    claim: (tx, change, outcome) =>
      tx.query(
        `INSERT INTO idp_kit_step_notices (change_key, account_id, step, outcome, decided_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (change_key) DO NOTHING RETURNING change_key`,
        [`${change.userId}:${change.step}:${change.changedAt}`, change.userId, change.step, outcome, deps.now()],
      ),
    email: (change, locale, unsubscribe) => ({
      purpose: "kit-step",
      ...noticeEmail(locale, deps.portalUrl, unsubscribe, {
        subject: "kitStep.subject",
        body: "kitStep.body",
        step: translate(locale, `kitStep.step${change.step as NotifiableStep}`),
      }),
    }),
    failure: "kit step e-mails failed",
  });
}
