import * as z from "zod";
import type { Database, Queryable } from "../../lib/postgres/index.ts";
import { reportIsReady, reportReadyAtStep } from "../../lib/program/report-readiness.ts";
import { accreditation } from "../../lib/program/site.ts";
import { parsedBody, plainText, sendJson, type Handler } from "./http-kit.ts";
import { logFeed } from "./log-feed.ts";
import { reportContentFor, type ReportLanguage } from "./report-content.ts";
import type { AppRecord, PatientRecord } from "./repository.ts";
import { RequestError, type RouteBasics } from "./token-verifier.ts";

/**
 * Report versions: the lab reissues a report when the science changes it (a variant reclassified, a
 * new version of the method); earlier versions stay readable. A reissue is also logged in
 * results_report_reissues (an ordered log, like the kit steps'), which the identity provider reads
 * with a token of its own to e-mail the participant once per version.
 */

/** One version: the day it was issued, and one sentence on what changed from the one before (none for the first). */
export const ReportVersionSchema = z.object({
  version: z.number().int().min(1),
  issuedOn: z.iso.date(),
  change: z.string().min(1).max(300).nullable(),
  changeEs: z.string().min(1).max(300).nullable(),
});
export type ReportVersion = z.infer<typeof ReportVersionSchema>;

/** The lab that issues the reports, from the accreditation numbers the portal shows in its footer (lib/program). */
const LABORATORY = `CLIA #${accreditation.clinicalLabCertification} · CAP #${accreditation.pathologyCollegeCertification}`;

/**
 * A report's content as its page, its PDF and a clinician's shared view show it: a reissued report as
 * the version named (by default the newest), dated the day that version was issued and saying what
 * changed in it; a report never reissued, dated `now`. Null when the report has no such version.
 */
export async function versionedReportContent(
  deps: { db: Queryable; now: () => Date },
  patient: PatientRecord,
  app: AppRecord,
  language: ReportLanguage,
  version?: number,
) {
  const versions = await versionsOfReport(deps.db, patient.userId, app.appID);
  return contentOfVersion(versions, patient, app, { language, now: deps.now() }, version);
}

/** The same, from versions already read (newest first), for a reader of many reports (the data export). */
export function contentOfVersion(
  versions: ReportVersion[],
  patient: PatientRecord,
  app: AppRecord,
  options: { language: ReportLanguage; now: Date },
  version?: number,
) {
  const { language } = options;
  const shown = version === undefined ? versions[0] : versions.find((each) => each.version === version);
  if (version !== undefined && !shown) return null;
  const issuedAt = shown ? new Date(`${shown.issuedOn}T12:00:00Z`) : options.now;
  const content = reportContentFor(patient, app, {
    language,
    issuedAt,
    laboratory: LABORATORY,
    version: shown ? { number: shown.version, change: language === "es" ? (shown.changeEs ?? shown.change) : shown.change } : undefined,
  });
  return { content, issuedAt, version: shown, newestVersion: versions[0]?.version };
}

/** Each app's versions, newest first; an app the lab never reissued has none listed. */
export async function reportVersionsOf(db: Queryable, userId: string): Promise<Map<string, ReportVersion[]>> {
  const rows = await db.query<{ appId: string; versions: ReportVersion[] }>(
    `SELECT app_id AS "appId", json_agg(json_build_object('version', version, 'issuedOn', issued_on, 'change', change,
       'changeEs', change_es) ORDER BY version DESC) AS versions FROM results_report_versions WHERE user_id = $1 GROUP BY app_id`,
    [userId],
  );
  return new Map(rows.map((row) => [row.appId, row.versions]));
}

export async function versionsOfReport(db: Queryable, userId: string, appId: string): Promise<ReportVersion[]> {
  return (await reportVersionsOf(db, userId)).get(appId) ?? [];
}

const insertVersions = (db: Queryable, userId: string, appId: string, versions: readonly ReportVersion[]) =>
  db.query(
    `INSERT INTO results_report_versions (user_id, app_id, version, issued_on, change, change_es)
     SELECT $1, $2, v.* FROM json_to_recordset($3::json) AS v(version integer, "issuedOn" date, change text, "changeEs" text)`,
    [userId, appId, JSON.stringify(versions)],
  );

/** Stores the versions the demo file describes, replacing the app's. */
export async function storeReportVersions(db: Queryable, userId: string, appId: string, versions: readonly ReportVersion[]): Promise<void> {
  await db.query("DELETE FROM results_report_versions WHERE user_id = $1 AND app_id = $2", [userId, appId]);
  await insertVersions(db, userId, appId, versions);
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Issues a new version of a ready report, dated today, with what changed. A report never reissued
 * before gets its first version first, dated the day its results were ready. The new version is
 * logged for the identity provider in the same transaction.
 */
async function reissueReport(
  db: Database,
  options: { userId: string; appId: string; change: string; changeEs: string | null; now: Date },
): Promise<ReportVersion> {
  return db.transaction(async (tx) => {
    const [app] = await tx.query<{ appName: string; type: string | null; kitStatus: number | null }>(
      `SELECT a.app_name AS "appName", a.type, p.kit_status AS "kitStatus" FROM results_apps a JOIN results_patients p USING (user_id)
       WHERE a.user_id = $1 AND a.app_id = $2 FOR UPDATE OF p`,
      [options.userId, options.appId],
    );
    if (!app) throw new RequestError(404, "No report was found for this app");
    if (!reportIsReady(app, app.kitStatus)) throw new RequestError(409, "The results for this report are not ready yet");
    const [newest] = await versionsOfReport(tx, options.userId, options.appId);
    const first: ReportVersion[] = [];
    if (!newest) {
      const [ready] = await tx.query<{ date: string }>(
        "SELECT reached_on::text AS date FROM results_kit_events WHERE user_id = $1 AND step = $2",
        [options.userId, reportReadyAtStep(app)],
      );
      first.push({ version: 1, issuedOn: ready?.date ?? day(options.now), change: null, changeEs: null });
    }
    const next: ReportVersion = {
      version: (newest?.version ?? 1) + 1,
      issuedOn: day(options.now),
      change: options.change,
      changeEs: options.changeEs,
    };
    await insertVersions(tx, options.userId, options.appId, [...first, next]);
    await tx.query("INSERT INTO results_report_reissues (user_id, app_id, app_name, version, reissued_at) VALUES ($1, $2, $3, $4, $5)", [
      options.userId,
      options.appId,
      app.appName,
      next.version,
      options.now,
    ]);
    return next;
  });
}

/** One sentence: no control characters, no more than a lab would write. */
const Sentence = plainText(300);
const ReissueBody = z.object({ change: Sentence, changeEs: Sentence.nullish() }).strict();

/** A version asked for in a query: a whole number from 1, or none (the newest). */
export function requestedVersion(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new RequestError(400, "version must be a whole number from 1");
  return Number(value);
}

export function createReportVersionRoutes(deps: RouteBasics) {
  return {
    feed: logFeed(deps, {
      purpose: "report-reissues",
      table: "results_report_reissues",
      columns: `user_id AS "userId", app_id AS "appId", app_name AS "appName", version, reissued_at AS "reissuedAt"`,
      key: "reissues",
    }),
    /** POST /dev/reports/:userId/:appId/reissue { change, changeEs? } (development only): the lab reissuing a demo report. */
    reissue: (async (req, res) => {
      const { userId, appId } = req.params;
      const { change, changeEs } = await parsedBody(
        req,
        ReissueBody,
        "change must be one sentence of at most 300 characters (changeEs likewise)",
      );
      const version = await reissueReport(deps.db, { userId, appId, change, changeEs: changeEs ?? null, now: deps.now() });
      sendJson(res, 201, { version });
    }) satisfies Handler<"userId" | "appId">,
  };
}
