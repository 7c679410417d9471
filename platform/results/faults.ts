import * as z from "zod";
import type { Database } from "../../lib/postgres/index.ts";

/**
 * Development-only fault injection so the portal's tests can watch it handle failing or slow results
 * calls. Rules live in the database, so they hold across processes and are consumed atomically.
 */
export const FaultRequestSchema = z
  .object({
    failNext: z.number().int().min(1).max(1000).optional(),
    status: z.number().int().min(400).max(599).optional(),
    delayMs: z.number().int().min(0).max(60_000).optional(),
    userID: z.string().min(1).max(200).optional(),
  })
  .strict();

interface FaultRule {
  userID: string | null;
  /** HTTP status to answer with; null means "answer normally, only late". */
  status: number | null;
  delayMs: number;
  remaining: number;
}
type Fault = Pick<FaultRule, "status" | "delayMs">;

const RULE = `user_id AS "userID", status, delay_ms AS "delayMs", remaining`;

export function createFaultStore(db: Database) {
  return {
    /**
     * Replaces the earlier rule of the same scope (one participant, or everyone when no userID is given):
     * the next `failNext` matching requests get this fault. Rules for other participants stay, so tests
     * running side by side do not undo each other's.
     */
    async set(request: z.infer<typeof FaultRequestSchema>): Promise<FaultRule> {
      const delayMs = request.delayMs ?? 0;
      // A rule with only a delay slows requests down; anything else fails them (500 unless told).
      const status = request.status ?? (delayMs > 0 ? null : 500);
      const [rule] = await db.query<FaultRule>(
        `WITH earlier AS (DELETE FROM results_faults WHERE user_id IS NOT DISTINCT FROM $1::text)
         INSERT INTO results_faults (user_id, status, delay_ms, remaining) VALUES ($1, $2, $3, $4) RETURNING ${RULE}`,
        [request.userID ?? null, status, delayMs, request.failNext ?? 1],
      );
      return rule!;
    },

    async clear(userId?: string): Promise<void> {
      await db.query("DELETE FROM results_faults WHERE $1::text IS NULL OR user_id = $1", [userId ?? null]);
    },

    list: () => db.query<FaultRule>(`SELECT ${RULE} FROM results_faults WHERE remaining > 0 ORDER BY id`),

    /** Uses up one application of the rule matching this user, if any; the participant's own rule comes first. */
    async take(userId: string): Promise<Fault | undefined> {
      const [fault] = await db.query<Fault>(
        `UPDATE results_faults SET remaining = remaining - 1
         WHERE id = (SELECT id FROM results_faults WHERE remaining > 0 AND (user_id IS NULL OR user_id = $1)
                     ORDER BY user_id IS NULL, id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING status, delay_ms AS "delayMs"`,
        [userId],
      );
      return fault;
    },
  };
}
