import type { Database, Queryable } from "../../lib/postgres/index.ts";
import type { DemoParticipant } from "./demo-participants.ts";
import { storeReportVersions } from "./report-versions.ts";

/**
 * Makes the demo participants' results match the demo file. Safe to run on every start: rows are
 * upserted and apps no longer listed for a demo participant are removed. Other patients are untouched.
 */
export async function seedDemoParticipants(db: Database, participants: readonly DemoParticipant[]): Promise<void> {
  const userIds = participants.map((p) => p.userId);
  const each = <T>(rows: (p: DemoParticipant) => T[]) => JSON.stringify(participants.flatMap(rows));
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO results_patients (user_id, source_id, email, first_name, middle_name, last_name, kit_status,
         is_health_or_research, agreements, heap_identifier, next_step_expected_by, delay_reason, date_of_birth, updated_at)
       SELECT p."userId", p."sourceID", p.email, p."firstName", p."middleName", p."lastName", p."kitStatus", p."isHealthOrResearch",
         p.agreements, p."heapIdentifier", (p."kitHistory"->>'nextStepExpectedBy')::date, p."kitHistory"->>'delayReason',
         p."dateOfBirth", now()
       FROM json_to_recordset($1::json) AS p("userId" text, "sourceID" text, email text, "firstName" text, "middleName" text,
         "lastName" text, "kitStatus" integer, "isHealthOrResearch" boolean, agreements jsonb, "heapIdentifier" text, "kitHistory" json,
         "dateOfBirth" date)
       ON CONFLICT (user_id) DO UPDATE SET source_id = EXCLUDED.source_id, email = EXCLUDED.email,
         first_name = EXCLUDED.first_name, middle_name = EXCLUDED.middle_name, last_name = EXCLUDED.last_name,
         kit_status = EXCLUDED.kit_status, is_health_or_research = EXCLUDED.is_health_or_research,
         agreements = EXCLUDED.agreements, heap_identifier = EXCLUDED.heap_identifier,
         next_step_expected_by = EXCLUDED.next_step_expected_by, delay_reason = EXCLUDED.delay_reason,
         date_of_birth = EXCLUDED.date_of_birth, updated_at = now()`,
      [JSON.stringify(participants)],
    );
    const apps = each((p) => p.apps.map((app, position) => ({ ...app, userId: p.userId, position })));
    await tx.query(
      `INSERT INTO results_apps (user_id, app_id, app_name, label, label_es, type, position, document_bytes, fh_finding)
       SELECT * FROM json_to_recordset($1::json) AS a("userId" text, "appID" text, "appName" text, label text, "labelEs" text,
         type text, position integer, "documentBytes" bigint, "fhFinding" jsonb)
       ON CONFLICT (user_id, app_id) DO UPDATE SET app_name = EXCLUDED.app_name, label = EXCLUDED.label,
         label_es = EXCLUDED.label_es, type = EXCLUDED.type, position = EXCLUDED.position, document_bytes = EXCLUDED.document_bytes,
         fh_finding = EXCLUDED.fh_finding`,
      [apps],
    );
    for (const p of participants) {
      for (const app of p.apps) if (app.reportVersions) await storeReportVersions(tx, p.userId, app.appID, app.reportVersions);
    }
    await tx.query(
      `DELETE FROM results_apps a WHERE a.user_id = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM json_to_recordset($2::json) AS k("userId" text, "appID" text) WHERE k."userId" = a.user_id AND k."appID" = a.app_id)`,
      [userIds, apps],
    );
    await tx.query("DELETE FROM results_kit_events WHERE user_id = ANY($1::text[])", [userIds]);
    await tx.query(
      `INSERT INTO results_kit_events (user_id, step, reached_on)
       SELECT * FROM json_to_recordset($1::json) AS e("userId" text, step integer, date date)`,
      [each((p) => (p.kitHistory?.events ?? []).map((event) => ({ ...event, userId: p.userId })))],
    );
    await tx.query("DELETE FROM results_consents WHERE user_id = ANY($1::text[])", [userIds]);
    await tx.query(
      `INSERT INTO results_consents (user_id, consent, version, given_on, withdrawn_on)
       SELECT * FROM json_to_recordset($1::json) AS c("userId" text, consent text, version text, "givenOn" date, "withdrawnOn" date)`,
      [each((p) => (p.consentHistory ?? []).map((consent) => ({ ...consent, userId: p.userId })))],
    );
    await seedDataExports(tx, participants);
  });
}

const DAY_MS = 24 * 60 * 60_000;

/** The demo's downloads, only where the participant has none yet: their own requests are never replaced. */
async function seedDataExports(tx: Queryable, participants: readonly DemoParticipant[]): Promise<void> {
  const now = Date.now();
  const rows = participants.flatMap((p) =>
    (p.dataExports ?? []).map(({ state, language }) =>
      state === "ready"
        ? { userId: p.userId, language, status: "queued", filesDone: 0, requestedAt: new Date(now) }
        : {
            userId: p.userId,
            language,
            status: "expired",
            filesTotal: 9,
            filesDone: 9,
            sizeBytes: 48213,
            requestedAt: new Date(now - 3 * DAY_MS),
            readyAt: new Date(now - 3 * DAY_MS),
            expiresAt: new Date(now - 2 * DAY_MS),
          },
    ),
  );
  await tx.query(
    `INSERT INTO results_exports (id, user_id, language, status, files_total, files_done, size_bytes, requested_at, ready_at, expires_at)
     SELECT gen_random_uuid(), d.* FROM json_to_recordset($1::json) AS d("userId" text, language text, status text, "filesTotal" integer,
       "filesDone" integer, "sizeBytes" bigint, "requestedAt" timestamptz, "readyAt" timestamptz, "expiresAt" timestamptz)
     WHERE NOT EXISTS (SELECT 1 FROM results_exports e WHERE e.user_id = d."userId")`,
    [JSON.stringify(rows)],
  );
}
