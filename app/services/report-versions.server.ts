import type { PatientResults } from "~/domain/patient-results";
import { isUpdated } from "~/domain/report-versions";
import { database } from "./db.server";

export async function openedVersions(userId: string): Promise<Map<string, number[]>> {
  const db = await database();
  const rows = await db.query<{ appId: string; versions: number[] }>(
    `SELECT app_id AS "appId", array_agg(version) AS versions FROM portal_report_opens WHERE user_id = $1 GROUP BY app_id`,
    [userId],
  );
  return new Map(rows.map((row) => [row.appId, row.versions]));
}

/** Remembers that the participant opened this version of a report (on every device, with or without JavaScript). */
export async function recordOpened(userId: string, appId: string, version: number): Promise<void> {
  const db = await database();
  await db.query("INSERT INTO portal_report_opens (user_id, app_id, version) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [
    userId,
    appId,
    version,
  ]);
}

/** The participant's results with 'Updated' set on each reissued report whose newest version they have not opened. */
export async function withUpdates(userId: string, results: PatientResults): Promise<PatientResults> {
  if (!results.apps.some((app) => app.versions.length > 1)) return results;
  const opened = await openedVersions(userId);
  return { ...results, apps: results.apps.map((app) => ({ ...app, updated: isUpdated(app.versions, opened.get(app.appID) ?? []) })) };
}
