import * as z from "zod";
import type { Database } from "../../lib/postgres/index.ts";
import { parsedBody, sendJson, type Handler } from "./http-kit.ts";
import { logFeed } from "./log-feed.ts";
import { RequestError, type RouteBasics } from "./token-verifier.ts";

/**
 * Kit steps: this service owns a kit's status, so it records every step a kit moves on to in
 * results_kit_step_changes (an ordered log). The identity provider, which knows each participant's
 * address, language and e-mail preferences, reads the log with a token of its own and e-mails each
 * change once. Moving a kit back (a development tool) records nothing: only new steps are news.
 */

const FIRST_STEP = 1;
const LAST_STEP = 5;
/** Participants who are not health-or-research have no health step (SPEC.md §4). */
const LAST_STEP_WITHOUT_HEALTH = 4;

/** Moves a kit to `step` (by default the next one). Forward: the step is dated today and logged. */
async function moveKit(db: Database, userId: string, now: Date, step?: number): Promise<{ kitStatus: number; logged: boolean }> {
  return db.transaction(async (tx) => {
    const [patient] = await tx.query<{ kit_status: number | null; is_health_or_research: boolean }>(
      "SELECT kit_status, is_health_or_research FROM results_patients WHERE user_id = $1 FOR UPDATE",
      [userId],
    );
    if (!patient) throw new RequestError(404, "No results were found for this participant");
    const current = patient.kit_status ?? 0;
    const last = patient.is_health_or_research ? LAST_STEP : LAST_STEP_WITHOUT_HEALTH;
    const target = step ?? current + 1;
    if (target < FIRST_STEP || target > last) throw new RequestError(409, `The kit cannot move to step ${target}`);
    await tx.query("UPDATE results_patients SET kit_status = $2, updated_at = $3 WHERE user_id = $1", [userId, target, now]);
    if (target <= current) {
      await tx.query("DELETE FROM results_kit_events WHERE user_id = $1 AND step > $2", [userId, target]);
      return { kitStatus: target, logged: false };
    }
    await tx.query(
      `INSERT INTO results_kit_events (user_id, step, reached_on) SELECT $1, generate_series($2::int, $3::int), $4::date
       ON CONFLICT (user_id, step) DO UPDATE SET reached_on = EXCLUDED.reached_on`,
      [userId, Math.max(current + 1, FIRST_STEP), target, now.toISOString().slice(0, 10)],
    );
    await tx.query("INSERT INTO results_kit_step_changes (user_id, step, changed_at) VALUES ($1, $2, $3)", [userId, target, now]);
    return { kitStatus: target, logged: true };
  });
}

const MoveBody = z.object({ step: z.number().int().min(FIRST_STEP).max(LAST_STEP).optional() }).strict();

export function createKitStepRoutes(deps: RouteBasics) {
  return {
    feed: logFeed(deps, {
      purpose: "kit-steps",
      table: "results_kit_step_changes",
      columns: `user_id AS "userId", step, changed_at AS "changedAt"`,
      key: "changes",
    }),
    /** POST /dev/kits/:userId/step { step? } (development only): the lab moving a demo kit on, or back. */
    move: (async (req, res) => {
      const { step } = await parsedBody(req, MoveBody, "step must be a whole number from 1 to 5");
      sendJson(res, 200, await moveKit(deps.db, req.params.userId, deps.now(), step));
    }) satisfies Handler<"userId">,
  };
}
