import { database } from "./db.server";
import { seal, unseal } from "./sealed-value.server";

/**
 * A flow's state kept by participant as well as by session, so that signing in again after the
 * session ended takes the participant back to the same step. Only flows named here are kept, only
 * what the flow keeps anyway (never a password or a code), sealed and bound to participant and flow.
 */
const RESUMABLE_FLOWS = ["password-update"] as const;
export type ResumableFlow = (typeof RESUMABLE_FLOWS)[number];

/** How long after its last change a flow can still be taken up again (the identity provider's own limit still applies). */
const RESUME_WINDOW_MS = 30 * 60_000;

export const isResumable = (flow: string): flow is ResumableFlow => (RESUMABLE_FLOWS as readonly string[]).includes(flow);

const boundTo = (userId: string, flow: ResumableFlow) => `resumable-flow:${flow}:${userId}`;

export async function keepForResuming(userId: string, flow: ResumableFlow, state: unknown | null, now = new Date()): Promise<void> {
  const db = await database();
  if (state === null) {
    await db.query("DELETE FROM portal_resumable_flows WHERE user_id = $1 AND flow = $2", [userId, flow]);
    return;
  }
  await db.query(
    `INSERT INTO portal_resumable_flows (user_id, flow, state, saved_at) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (user_id, flow) DO UPDATE SET state = EXCLUDED.state, saved_at = EXCLUDED.saved_at`,
    [userId, flow, JSON.stringify(seal(JSON.stringify(state), "flow-state", boundTo(userId, flow))), now],
  );
}

/** The flow's state if it changed within the window; taken once (removed here). */
export async function takeResumableFlow<T>(userId: string, flow: ResumableFlow, now = new Date()): Promise<T | null> {
  const db = await database();
  const [row] = await db.query<{ state: unknown; saved_at: Date | string }>(
    "DELETE FROM portal_resumable_flows WHERE user_id = $1 AND flow = $2 RETURNING state, saved_at",
    [userId, flow],
  );
  if (!row || now.getTime() - new Date(row.saved_at).getTime() > RESUME_WINDOW_MS) return null;
  // A state written before sealing is a JSON object; a sealed one is a JSON string.
  if (typeof row.state !== "string") return row.state as T;
  const opened = unseal(row.state, "flow-state", boundTo(userId, flow));
  return opened === null ? null : (JSON.parse(opened) as T);
}
