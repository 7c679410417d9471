import type { Database } from "../../lib/postgres/index.ts";
import { fhFindingOf, type FhFinding } from "./fh-finding.ts";

export interface PatientRecord {
  userId: string;
  sourceId: string;
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  kitStatus: number | null;
  isHealthOrResearch: boolean;
  agreements: string[];
  heapIdentifier: string;
  /** The tracker steps the kit has reached, each with its calendar date (YYYY-MM-DD), in step order. */
  kitEvents: { step: number; date: string }[];
  nextStepExpectedBy: string | null;
  /** Why the kit is late, as a code the portal words in the participant's language. */
  delayReason: string | null;
}

/** One version of one consent document the participant signed, and when they withdrew it if they did. */
export interface ConsentRecord {
  consent: string;
  version: string;
  givenOn: string;
  withdrawnOn: string | null;
}

export interface AppRecord {
  appID: string;
  appName: string;
  label: string | null;
  labelEs: string | null;
  type: string | null;
  /** For a download app: the size of its file, when it stands in for a file of a given size. */
  documentBytes: number | null;
  /** For an FH report: the pathogenic or likely pathogenic variant it found, or none. */
  fhFinding: FhFinding | null;
}

interface AppRow {
  app_id: string;
  app_name: string;
  label: string | null;
  label_es: string | null;
  type: string | null;
  document_bytes: string | number | null;
  fh_finding: unknown;
}

const toApp = (row: AppRow): AppRecord => ({
  appID: row.app_id,
  appName: row.app_name,
  label: row.label,
  labelEs: row.label_es,
  type: row.type,
  documentBytes: row.document_bytes === null ? null : Number(row.document_bytes),
  fhFinding: row.app_name === "fh-health" && row.fh_finding != null ? fhFindingOf(row.fh_finding) : null,
});

export function createResultsRepository(db: Database) {
  return {
    async findPatient(userId: string): Promise<PatientRecord | null> {
      // Dates as text: calendar days, never shifted by a time zone.
      const [row] = await db.query<Omit<PatientRecord, "kitEvents">>(
        `SELECT user_id AS "userId", source_id AS "sourceId", email, first_name AS "firstName", middle_name AS "middleName",
           last_name AS "lastName", kit_status AS "kitStatus", is_health_or_research AS "isHealthOrResearch", agreements,
           heap_identifier AS "heapIdentifier", next_step_expected_by::text AS "nextStepExpectedBy", delay_reason AS "delayReason"
         FROM results_patients WHERE user_id = $1`,
        [userId],
      );
      if (!row) return null;
      const kitEvents = await db.query<{ step: number; date: string }>(
        "SELECT step, reached_on::text AS date FROM results_kit_events WHERE user_id = $1 ORDER BY step",
        [userId],
      );
      return { ...row, kitEvents };
    },

    async listConsents(userId: string): Promise<ConsentRecord[]> {
      return db.query<ConsentRecord>(
        `SELECT consent, version, given_on::text AS "givenOn", withdrawn_on::text AS "withdrawnOn"
         FROM results_consents WHERE user_id = $1 ORDER BY given_on, consent, version`,
        [userId],
      );
    },
    async listApps(userId: string): Promise<AppRecord[]> {
      const rows = await db.query<AppRow>(
        "SELECT app_id, app_name, label, label_es, type, document_bytes, fh_finding FROM results_apps WHERE user_id = $1 ORDER BY position, app_id",
        [userId],
      );
      return rows.map(toApp);
    },

    async findApp(userId: string, appId: string): Promise<AppRecord | null> {
      const [row] = await db.query<AppRow>(
        "SELECT app_id, app_name, label, label_es, type, document_bytes, fh_finding FROM results_apps WHERE user_id = $1 AND app_id = $2",
        [userId, appId],
      );
      return row ? toApp(row) : null;
    },
  };
}

export type ResultsRepository = ReturnType<typeof createResultsRepository>;
