import { randomUUID } from "node:crypto";
import type { Database, Queryable } from "../../lib/postgres/index.ts";
import type { DemoParticipant } from "./demo-participants.ts";
import { storeReportVersions } from "./report-versions.ts";

/**
 * Makes the demo participants' results match the demo file. Safe to run on every start: rows are
 * upserted and apps no longer listed for a demo participant are removed. Other patients are untouched.
 */
export async function seedDemoParticipants(db: Database, participants: readonly DemoParticipant[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of participants) {
      await tx.query(
        `INSERT INTO results_patients (user_id, source_id, email, first_name, middle_name, last_name, kit_status,
           is_health_or_research, agreements, heap_identifier, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, now())
         ON CONFLICT (user_id) DO UPDATE SET source_id = EXCLUDED.source_id, email = EXCLUDED.email,
           first_name = EXCLUDED.first_name, middle_name = EXCLUDED.middle_name, last_name = EXCLUDED.last_name,
           kit_status = EXCLUDED.kit_status, is_health_or_research = EXCLUDED.is_health_or_research,
           agreements = EXCLUDED.agreements, heap_identifier = EXCLUDED.heap_identifier, updated_at = now()`,
        [
          p.userId,
          p.sourceID,
          p.email,
          p.firstName,
          p.middleName ?? null,
          p.lastName,
          p.kitStatus,
          p.isHealthOrResearch,
          JSON.stringify(p.agreements),
          p.heapIdentifier,
        ],
      );
      for (const [position, app] of p.apps.entries()) {
        await tx.query(
          `INSERT INTO results_apps (user_id, app_id, app_name, label, label_es, type, position, document_bytes, fh_finding)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (user_id, app_id) DO UPDATE SET app_name = EXCLUDED.app_name, label = EXCLUDED.label,
             label_es = EXCLUDED.label_es, type = EXCLUDED.type, position = EXCLUDED.position, document_bytes = EXCLUDED.document_bytes,
             fh_finding = EXCLUDED.fh_finding`,
          [
            p.userId,
            app.appID,
            app.appName,
            app.label,
            app.labelEs,
            app.type,
            position,
            app.documentBytes ?? null,
            app.fhFinding ? JSON.stringify(app.fhFinding) : null,
          ],
        );
        if (app.reportVersions) await storeReportVersions(tx, p.userId, app.appID, app.reportVersions);
      }
      await tx.query("DELETE FROM results_apps WHERE user_id = $1 AND NOT (app_id = ANY($2::text[]))", [
        p.userId,
        p.apps.map((app) => app.appID),
      ]);
      const history = p.kitHistory;
      await tx.query("UPDATE results_patients SET next_step_expected_by = $2, delay_reason = $3 WHERE user_id = $1", [
        p.userId,
        history?.nextStepExpectedBy ?? null,
        history?.delayReason ?? null,
      ]);
      await tx.query("DELETE FROM results_kit_events WHERE user_id = $1", [p.userId]);
      for (const event of history?.events ?? []) {
        await tx.query("INSERT INTO results_kit_events (user_id, step, reached_on) VALUES ($1, $2, $3)", [
          p.userId,
          event.step,
          event.date,
        ]);
      }
      await tx.query("DELETE FROM results_consents WHERE user_id = $1", [p.userId]);
      for (const consent of p.consentHistory ?? []) {
        await tx.query("INSERT INTO results_consents (user_id, consent, version, given_on, withdrawn_on) VALUES ($1, $2, $3, $4, $5)", [
          p.userId,
          consent.consent,
          consent.version,
          consent.givenOn,
          consent.withdrawnOn ?? null,
        ]);
      }
      await seedDataExports(tx, p);
    }
  });
}

const DAY_MS = 24 * 60 * 60_000;

/** The demo's downloads, only where the participant has none yet: their own requests are never replaced. */
async function seedDataExports(tx: Queryable, p: DemoParticipant): Promise<void> {
  if (!p.dataExports?.length) return;
  const [existing] = await tx.query("SELECT 1 FROM results_exports WHERE user_id = $1 LIMIT 1", [p.userId]);
  if (existing) return;
  const now = Date.now();
  for (const demo of p.dataExports) {
    if (demo.state === "ready") {
      await tx.query("INSERT INTO results_exports (id, user_id, language, status, requested_at) VALUES ($1, $2, $3, 'queued', $4)", [
        randomUUID(),
        p.userId,
        demo.language,
        new Date(now),
      ]);
    } else {
      await tx.query(
        `INSERT INTO results_exports (id, user_id, language, status, files_total, files_done, size_bytes, requested_at, ready_at, expires_at)
         VALUES ($1, $2, $3, 'expired', 9, 9, 48213, $4, $4, $5)`,
        [randomUUID(), p.userId, demo.language, new Date(now - 3 * DAY_MS), new Date(now - 2 * DAY_MS)],
      );
    }
  }
}
