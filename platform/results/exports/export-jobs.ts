import type { Database } from "../../../lib/postgres/index.ts";

export type ExportLanguage = "en" | "es";

/** One request for a download of everything, as the participant sees it: never where its file is. */
interface ExportJob {
  id: string;
  status: "queued" | "building" | "ready" | "failed" | "expired";
  language: ExportLanguage;
  filesDone: number;
  filesTotal: number | null;
  sizeBytes: number | null;
  requestedAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
}

const JOB = `id, status, language, files_done AS "filesDone", files_total AS "filesTotal", size_bytes::float8 AS "sizeBytes",
  requested_at AS "requestedAt", ready_at AS "readyAt", expires_at AS "expiresAt"`;

const EXPORT_AVAILABLE_MS = 24 * 60 * 60_000;
/** Requests a participant may make in EXPORT_AVAILABLE_MS: each one reads every document again. */
const EXPORT_REQUESTS_PER_DAY = 3;
/** A worker holds a job this long without news before another worker may take it over (it crashed). */
const EXPORT_LEASE_MS = 60_000;
/** A job that failed this many times is given up, and the participant told so. */
const EXPORT_MAX_ATTEMPTS = 3;

/** The job table the portal's requests write to and the results service's workers read from (PostgreSQL). */
export function createExportJobs(db: Database, now: () => Date) {
  const later = (ms: number) => new Date(now().getTime() + ms);
  return {
    /** A new request; the one still being built; or, past the day's budget, when its oldest request stops counting. */
    async request(userId: string, language: ExportLanguage): Promise<{ job: ExportJob } | { retryAfterSeconds: number }> {
      return db.transaction(async (tx) => {
        // One request at a time per participant, across instances.
        await tx.query("SELECT user_id FROM results_patients WHERE user_id = $1 FOR UPDATE", [userId]);
        const [waiting] = await tx.query<ExportJob>(
          `SELECT ${JOB} FROM results_exports WHERE user_id = $1 AND status IN ('queued', 'building') ORDER BY requested_at DESC LIMIT 1`,
          [userId],
        );
        if (waiting) return { job: waiting };
        const recent = await tx.query<{ requested_at: Date | string }>(
          "SELECT requested_at FROM results_exports WHERE user_id = $1 AND requested_at > $2 ORDER BY requested_at",
          [userId, later(-EXPORT_AVAILABLE_MS)],
        );
        if (recent.length >= EXPORT_REQUESTS_PER_DAY) {
          const freedAt = new Date(recent[0]!.requested_at).getTime() + EXPORT_AVAILABLE_MS;
          return { retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now().getTime()) / 1000)) };
        }
        const [job] = await tx.query<ExportJob>(
          `INSERT INTO results_exports (id, user_id, language, status, requested_at)
           VALUES (gen_random_uuid(), $1, $2, 'queued', $3) RETURNING ${JOB}`,
          [userId, language, now()],
        );
        return { job: job! };
      });
    },

    list: (userId: string) =>
      db.query<ExportJob>(`SELECT ${JOB} FROM results_exports WHERE user_id = $1 ORDER BY requested_at DESC LIMIT 5`, [userId]),

    async find(userId: string, id: string): Promise<ExportJob | undefined> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      return (await db.query<ExportJob>(`SELECT ${JOB} FROM results_exports WHERE id = $1 AND user_id = $2`, [id, userId]))[0];
    },

    /** The oldest waiting job, or one whose worker stopped giving news (crashed mid-build); SKIP LOCKED across workers. */
    async claim(): Promise<{ id: string; userId: string; language: ExportLanguage } | undefined> {
      const [job] = await db.query<{ id: string; userId: string; language: ExportLanguage }>(
        `UPDATE results_exports SET status = 'building', attempts = attempts + 1, files_done = 0, lease_until = $2
         WHERE id = (SELECT id FROM results_exports
                     WHERE status = 'queued' OR (status = 'building' AND lease_until < $1)
                     ORDER BY requested_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id, user_id AS "userId", language`,
        [now(), later(EXPORT_LEASE_MS)],
      );
      return job;
    },

    /** Progress, which also renews the worker's lease. */
    async progress(id: string, filesDone: number, filesTotal: number): Promise<void> {
      await db.query(
        "UPDATE results_exports SET files_done = $2, files_total = $3, lease_until = $4 WHERE id = $1 AND status = 'building'",
        [id, filesDone, filesTotal, later(EXPORT_LEASE_MS)],
      );
    },

    async finish(id: string, sizeBytes: number): Promise<void> {
      await db.query(
        `UPDATE results_exports SET status = 'ready', files_done = files_total, size_bytes = $2, ready_at = $3, expires_at = $4, lease_until = NULL
         WHERE id = $1 AND status = 'building'`,
        [id, sizeBytes, now(), later(EXPORT_AVAILABLE_MS)],
      );
    },

    /** A failed build is tried again by the next claim, until EXPORT_MAX_ATTEMPTS. */
    async failed(id: string): Promise<void> {
      await db.query(
        `UPDATE results_exports SET status = CASE WHEN attempts >= $2 THEN 'failed' ELSE 'queued' END, lease_until = NULL
         WHERE id = $1 AND status = 'building'`,
        [id, EXPORT_MAX_ATTEMPTS],
      );
    },

    /** Ready downloads past their 24 hours become expired; their ids are returned so the files can go. */
    async expire(): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        "UPDATE results_exports SET status = 'expired' WHERE status = 'ready' AND expires_at <= $1 RETURNING id",
        [now()],
      );
      return rows.map((row) => row.id);
    },

    /** Ids of every download whose file is or will be kept (any other file in storage is left behind). */
    async idsWithFiles(): Promise<Set<string>> {
      const rows = await db.query<{ id: string }>("SELECT id FROM results_exports WHERE status IN ('ready', 'building', 'queued')");
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type ExportJobs = ReturnType<typeof createExportJobs>;
