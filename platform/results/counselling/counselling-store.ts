import { randomUUID } from "node:crypto";
import type { Database } from "../../../lib/postgres/index.ts";

export const COUNSELLING_STATES = ["requested", "scheduled", "done", "cancelled"] as const;
type CounsellingState = (typeof COUNSELLING_STATES)[number];
/** A request still waiting for, or holding, an appointment: one per report at a time. */
const OPEN_STATES: readonly CounsellingState[] = ["requested", "scheduled"];
/** The team's moves: an appointment is set, then held (or set again before it is held). */
const TEAM_MOVES: Record<CounsellingState, readonly CounsellingState[]> = {
  requested: ["scheduled"],
  scheduled: ["scheduled", "done"],
  done: [],
  cancelled: [],
};

interface TimeWindow {
  start: string;
  end: string;
}

interface CounsellingRequestView {
  id: string;
  appId: string;
  contact: "phone" | "video";
  language: "en" | "es";
  timeZone: string;
  windows: TimeWindow[];
  note: string | null;
  state: CounsellingState;
  scheduledFor: string | null;
  createdAt: string;
  updatedAt: string;
}

interface QueuedCounsellingRequest extends CounsellingRequestView {
  userId: string;
  participant: { firstName: string; lastName: string; email: string };
  report: { appName: string; label: string | null };
}

interface NewCounsellingRequest {
  appId: string;
  contact: "phone" | "video";
  language: "en" | "es";
  timeZone: string;
  windows: TimeWindow[];
  note?: string | undefined;
  locale: "en" | "es";
}

interface RequestRow {
  id: string;
  user_id: string;
  app_id: string;
  contact: "phone" | "video";
  language: "en" | "es";
  time_zone: string;
  windows: TimeWindow[] | string;
  note: string | null;
  locale: "en" | "es";
  state: CounsellingState;
  scheduled_for: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toView(row: RequestRow): CounsellingRequestView {
  return {
    id: row.id,
    appId: row.app_id,
    contact: row.contact,
    language: row.language,
    timeZone: row.time_zone,
    windows: typeof row.windows === "string" ? (JSON.parse(row.windows) as TimeWindow[]) : row.windows,
    note: row.note,
    state: row.state,
    scheduledFor: row.scheduled_for ? iso(row.scheduled_for) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** PostgreSQL's unique_violation: the one-open-request-per-report index refused a second. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "23505";

export function createCounsellingStore(db: Database, now: () => Date) {
  async function openRequestFor(userId: string, appId: string): Promise<CounsellingRequestView | null> {
    const [row] = await db.query<RequestRow>(
      "SELECT * FROM results_counselling_requests WHERE user_id = $1 AND app_id = $2 AND state = ANY($3::text[])",
      [userId, appId, OPEN_STATES],
    );
    return row ? toView(row) : null;
  }

  return {
    async list(userId: string): Promise<CounsellingRequestView[]> {
      const rows = await db.query<RequestRow>(
        "SELECT * FROM results_counselling_requests WHERE user_id = $1 ORDER BY created_at DESC LIMIT 100",
        [userId],
      );
      return rows.map(toView);
    },

    /**
     * A new request, or the open one of the same report that stands in its way. The database's
     * partial unique index decides, so two requests sent at once cannot both be kept.
     */
    async create(
      userId: string,
      input: NewCounsellingRequest,
    ): Promise<{ request: CounsellingRequestView } | { openRequest: CounsellingRequestView } | "withdrawn"> {
      const [withdrawn] = await db.query("SELECT 1 FROM results_withdrawals WHERE user_id = $1 LIMIT 1", [userId]);
      if (withdrawn) return "withdrawn";
      const at = now();
      try {
        const [row] = await db.query<RequestRow>(
          `INSERT INTO results_counselling_requests
             (id, user_id, app_id, contact, language, time_zone, windows, note, locale, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $10) RETURNING *`,
          [
            randomUUID(),
            userId,
            input.appId,
            input.contact,
            input.language,
            input.timeZone,
            JSON.stringify(input.windows),
            input.note ?? null,
            input.locale,
            at,
          ],
        );
        return { request: toView(row!) };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const open = await openRequestFor(userId, input.appId);
        if (!open) throw error;
        return { openRequest: open };
      }
    },

    /** Cancels an open request; one that has ended already is answered as it is. Null: no such request of theirs. */
    async cancel(userId: string, id: string): Promise<CounsellingRequestView | null> {
      const [cancelled] = await db.query<RequestRow>(
        `UPDATE results_counselling_requests SET state = 'cancelled', updated_at = $3
         WHERE user_id = $1 AND id = $2 AND state = ANY($4::text[]) RETURNING *`,
        [userId, id, now(), OPEN_STATES],
      );
      if (cancelled) return toView(cancelled);
      const [row] = await db.query<RequestRow>("SELECT * FROM results_counselling_requests WHERE user_id = $1 AND id = $2", [userId, id]);
      return row ? toView(row) : null;
    },

    /** The team's queue: requests in the given states, oldest first, after the last one read. */
    async queue(states: readonly CounsellingState[], limit: number, after: string | null): Promise<QueuedCounsellingRequest[]> {
      const rows = await db.query<
        RequestRow & { first_name: string; last_name: string; email: string; app_name: string | null; label: string | null }
      >(
        `SELECT r.*, p.first_name, p.last_name, p.email, a.app_name, a.label
         FROM results_counselling_requests r
         JOIN results_patients p ON p.user_id = r.user_id
         LEFT JOIN results_apps a ON a.user_id = r.user_id AND a.app_id = r.app_id
         WHERE r.state = ANY($1::text[])
           AND ($2::uuid IS NULL OR (r.created_at, r.id) > (SELECT created_at, id FROM results_counselling_requests WHERE id = $2::uuid))
         ORDER BY r.created_at, r.id LIMIT $3`,
        [states, after, limit],
      );
      return rows.map((row) => ({
        ...toView(row),
        userId: row.user_id,
        participant: { firstName: row.first_name, lastName: row.last_name, email: row.email },
        report: { appName: row.app_name ?? row.app_id, label: row.label },
      }));
    },

    /**
     * The team moves a request on: requested → scheduled (with the appointment's time), scheduled →
     * scheduled again (moved) or done. A cancelled or done request is not moved.
     */
    async move(
      id: string,
      to: { state: "scheduled"; scheduledFor: Date } | { state: "done" },
    ): Promise<CounsellingRequestView | "not-found" | { conflict: CounsellingRequestView }> {
      const [row] = await db.query<RequestRow>("SELECT * FROM results_counselling_requests WHERE id = $1", [id]);
      if (!row) return "not-found";
      const allowed = TEAM_MOVES[row.state];
      const [moved] = await db.query<RequestRow>(
        `UPDATE results_counselling_requests SET state = $2, scheduled_for = COALESCE($3, scheduled_for), updated_at = $4
         WHERE id = $1 AND state = ANY($5::text[]) RETURNING *`,
        [id, to.state, to.state === "scheduled" ? to.scheduledFor : null, now(), allowed.includes(to.state) ? [row.state] : []],
      );
      if (moved) return toView(moved);
      const [current] = await db.query<RequestRow>("SELECT * FROM results_counselling_requests WHERE id = $1", [id]);
      return { conflict: toView(current ?? row) };
    },

    /** Requests not yet acknowledged by e-mail, each held for a minute by the caller that takes it. */
    async claimAcknowledgements(limit = 50) {
      const rows = await db.query<{ id: string; user_id: string; locale: "en" | "es"; created_at: Date | string }>(
        `UPDATE results_counselling_requests SET ack_lease_until = $1::timestamptz + interval '60 seconds'
         WHERE id IN (
           SELECT id FROM results_counselling_requests
           WHERE acknowledged_at IS NULL AND (ack_lease_until IS NULL OR ack_lease_until < $1)
           ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING id, user_id, locale, created_at`,
        [now(), limit],
      );
      return rows.map((row) => ({ id: row.id, userId: row.user_id, language: row.locale, at: iso(row.created_at) }));
    },

    async acknowledged(ids: string[]): Promise<void> {
      if (ids.length)
        await db.query("UPDATE results_counselling_requests SET acknowledged_at = $2 WHERE id = ANY($1::uuid[])", [ids, now()]);
    },
  };
}

export type CounsellingStore = ReturnType<typeof createCounsellingStore>;
