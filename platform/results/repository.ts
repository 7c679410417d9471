import type { Database } from "../../lib/postgres/index.ts";
import { reportIsReady } from "../../lib/program/report-readiness.ts";
import { FhFindingSchema, type FhFinding } from "./fh-finding.ts";
import { RequestError } from "./token-verifier.ts";

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

const APP = `app_id AS "appID", app_name AS "appName", label, label_es AS "labelEs", type, document_bytes::float8 AS "documentBytes",
  fh_finding AS "fhFinding"`;

/** A stored FH finding (jsonb, parsed by the driver); anything that does not read as one is none (the report then finds nothing). */
const toApp = ({ fhFinding, ...app }: Omit<AppRecord, "fhFinding"> & { fhFinding: unknown }): AppRecord => ({
  ...app,
  fhFinding: (app.appName === "fh-health" && FhFindingSchema.safeParse(fhFinding).data) || null,
});

export function createResultsRepository(db: Database) {
  return {
    async findPatient(userId: string): Promise<PatientRecord | null> {
      // Dates as text: calendar days, never shifted by a time zone.
      const [patient] = await db.query<PatientRecord>(
        `SELECT user_id AS "userId", source_id AS "sourceId", email, first_name AS "firstName", middle_name AS "middleName",
           last_name AS "lastName", kit_status AS "kitStatus", is_health_or_research AS "isHealthOrResearch", agreements,
           heap_identifier AS "heapIdentifier", next_step_expected_by::text AS "nextStepExpectedBy", delay_reason AS "delayReason",
           (SELECT coalesce(json_agg(json_build_object('step', step, 'date', reached_on) ORDER BY step), '[]') FROM results_kit_events e
            WHERE e.user_id = p.user_id) AS "kitEvents"
         FROM results_patients p WHERE user_id = $1`,
        [userId],
      );
      return patient ?? null;
    },

    async listConsents(userId: string): Promise<ConsentRecord[]> {
      return db.query<ConsentRecord>(
        `SELECT consent, version, given_on::text AS "givenOn", withdrawn_on::text AS "withdrawnOn"
         FROM results_consents WHERE user_id = $1 ORDER BY given_on, consent, version`,
        [userId],
      );
    },
    async listApps(userId: string): Promise<AppRecord[]> {
      return (await db.query<AppRecord>(`SELECT ${APP} FROM results_apps WHERE user_id = $1 ORDER BY position, app_id`, [userId])).map(
        toApp,
      );
    },

    async findApp(userId: string, appId: string): Promise<AppRecord | null> {
      const [row] = await db.query<AppRecord>(`SELECT ${APP} FROM results_apps WHERE user_id = $1 AND app_id = $2`, [userId, appId]);
      return row ? toApp(row) : null;
    },
  };
}

export type ResultsRepository = ReturnType<typeof createResultsRepository>;

/** The participant's app of the kind `fits` accepts (else a 404 saying `notFound`), once its report is ready. */
export async function readyAppOf(
  repository: ResultsRepository,
  userId: string,
  appId: string,
  fits: (app: AppRecord) => boolean,
  notFound: string,
) {
  const app = await repository.findApp(userId, appId);
  if (!app || !fits(app)) throw new RequestError(404, notFound);
  const patient = (await repository.findPatient(userId))!;
  if (!reportIsReady(app, patient.kitStatus)) throw new RequestError(409, "The results for this report are not ready yet");
  return app;
}
