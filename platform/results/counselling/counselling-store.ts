import type { Database } from "../../../lib/postgres/index.ts";

export const COUNSELLING_STATES = ["requested", "scheduled", "done", "cancelled"] as const;
type CounsellingState = (typeof COUNSELLING_STATES)[number];
/** A request still waiting for, or holding, an appointment: one per report at a time. */
const OPEN_STATES: readonly CounsellingState[] = ["requested", "scheduled"];
/** The team's moves, by the state moved to: an appointment is set, then held (or set again before it is held). */
const MOVES_FROM = { scheduled: ["requested", "scheduled"], done: ["scheduled"] } satisfies Record<string, CounsellingState[]>;

interface CounsellingRequestView {
  id: string;
  appId: string;
  contact: "phone" | "video";
  language: "en" | "es";
  timeZone: string;
  windows: { start: string; end: string }[];
  note: string | null;
  state: CounsellingState;
  scheduledFor: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

type QueueEntry = CounsellingRequestView & {
  userId: string;
  participant: { firstName: string; lastName: string; email: string };
  report: { appName: string; label: string | null };
};

type NewCounsellingRequest = Pick<CounsellingRequestView, "appId" | "contact" | "language" | "timeZone" | "windows"> & {
  note?: string | undefined;
  locale: "en" | "es";
};

/** A request as its participant and the team see it (dates answer as ISO strings). */
const VIEW = `r.id, r.app_id AS "appId", r.contact, r.language, r.time_zone AS "timeZone", r.windows, r.note, r.state,
  r.scheduled_for AS "scheduledFor", r.created_at AS "createdAt", r.updated_at AS "updatedAt"`;

export function createCounsellingStore(db: Database, now: () => Date) {
  return {
    list: (userId: string) =>
      db.query<CounsellingRequestView>(
        `SELECT ${VIEW} FROM results_counselling_requests r WHERE r.user_id = $1 ORDER BY r.created_at DESC LIMIT 100`,
        [userId],
      ),

    /** A new request, or the report's open one in its way: the partial unique index decides, so two sent at once cannot both be kept. */
    async create(
      userId: string,
      input: NewCounsellingRequest,
    ): Promise<{ request: CounsellingRequestView } | { openRequest: CounsellingRequestView } | "withdrawn"> {
      const [withdrawn] = await db.query("SELECT 1 FROM results_withdrawals WHERE user_id = $1 LIMIT 1", [userId]);
      if (withdrawn) return "withdrawn";
      try {
        const [request] = await db.query<CounsellingRequestView>(
          `INSERT INTO results_counselling_requests AS r
             (id, user_id, app_id, contact, language, time_zone, windows, note, locale, created_at, updated_at)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $9) RETURNING ${VIEW}`,
          [
            userId,
            input.appId,
            input.contact,
            input.language,
            input.timeZone,
            JSON.stringify(input.windows),
            input.note ?? null,
            input.locale,
            now(),
          ],
        );
        return { request: request! };
      } catch (error) {
        // unique_violation: the one-open-request-per-report index refused a second.
        if ((error as { code?: unknown } | null)?.code !== "23505") throw error;
        const [open] = await db.query<CounsellingRequestView>(
          `SELECT ${VIEW} FROM results_counselling_requests r WHERE r.user_id = $1 AND r.app_id = $2 AND r.state = ANY($3::text[])`,
          [userId, input.appId, OPEN_STATES],
        );
        if (!open) throw error;
        return { openRequest: open };
      }
    },

    /** Cancels an open request; one that has ended already is answered as it is. Null: no such request of theirs. */
    async cancel(userId: string, id: string): Promise<CounsellingRequestView | undefined> {
      const [cancelled] = await db.query<CounsellingRequestView>(
        `UPDATE results_counselling_requests r SET state = 'cancelled', updated_at = $3
         WHERE r.user_id = $1 AND r.id = $2 AND r.state = ANY($4::text[]) RETURNING ${VIEW}`,
        [userId, id, now(), OPEN_STATES],
      );
      if (cancelled) return cancelled;
      const [row] = await db.query<CounsellingRequestView>(
        `SELECT ${VIEW} FROM results_counselling_requests r WHERE r.user_id = $1 AND r.id = $2`,
        [userId, id],
      );
      return row;
    },

    /** The team's queue: requests in the given states, oldest first, after the last one read. */
    queue: (states: readonly CounsellingState[], limit: number, after: string | null) =>
      db.query<QueueEntry>(
        `SELECT ${VIEW}, r.user_id AS "userId",
           json_build_object('firstName', p.first_name, 'lastName', p.last_name, 'email', p.email) AS participant,
           json_build_object('appName', COALESCE(a.app_name, r.app_id), 'label', a.label) AS report
         FROM results_counselling_requests r
         JOIN results_patients p ON p.user_id = r.user_id
         LEFT JOIN results_apps a ON a.user_id = r.user_id AND a.app_id = r.app_id
         WHERE r.state = ANY($1::text[])
           AND ($2::uuid IS NULL OR (r.created_at, r.id) > (SELECT created_at, id FROM results_counselling_requests WHERE id = $2::uuid))
         ORDER BY r.created_at, r.id LIMIT $3`,
        [states, after, limit],
      ),

    /** The team moves a request on as MOVES_FROM allows, in one statement; a cancelled or done request is not moved. */
    async move(
      id: string,
      to: { state: "scheduled"; scheduledFor: Date } | { state: "done" },
    ): Promise<CounsellingRequestView | "not-found" | { conflict: CounsellingRequestView }> {
      const [moved] = await db.query<CounsellingRequestView>(
        `UPDATE results_counselling_requests r SET state = $2, scheduled_for = COALESCE($3, scheduled_for), updated_at = $4
         WHERE r.id = $1 AND r.state = ANY($5::text[]) RETURNING ${VIEW}`,
        [id, to.state, to.state === "scheduled" ? to.scheduledFor : null, now(), MOVES_FROM[to.state]],
      );
      if (moved) return moved;
      const [row] = await db.query<CounsellingRequestView>(`SELECT ${VIEW} FROM results_counselling_requests r WHERE r.id = $1`, [id]);
      return row ? { conflict: row } : "not-found";
    },

    /** Requests not yet acknowledged by e-mail, each held for a minute by the caller that takes it. */
    claimAcknowledgements: () =>
      db.query(
        `UPDATE results_counselling_requests SET ack_lease_until = $1::timestamptz + interval '60 seconds'
         WHERE id IN (
           SELECT id FROM results_counselling_requests
           WHERE acknowledged_at IS NULL AND (ack_lease_until IS NULL OR ack_lease_until < $1)
           ORDER BY created_at LIMIT 50 FOR UPDATE SKIP LOCKED)
         RETURNING id, user_id AS "userId", locale AS language, created_at AS at`,
        [now()],
      ),

    async acknowledged(ids: string[]): Promise<void> {
      if (ids.length)
        await db.query("UPDATE results_counselling_requests SET acknowledged_at = $2 WHERE id = ANY($1::uuid[])", [ids, now()]);
    },
  };
}

export type CounsellingStore = ReturnType<typeof createCounsellingStore>;
