import { randomInt, randomUUID } from "node:crypto";
import type { Database } from "../../../lib/postgres/index.ts";
import { kitBarcodeFrom } from "../../../lib/program/kit-barcode.ts";

interface KitView {
  barcode: string;
  registeredAt: Date;
  collectedOn: string;
}

const KIT = `barcode, registered_at AS "registeredAt", collected_on::text AS "collectedOn"`;

type RegisterOutcome =
  | { kind: "registered"; kit: KitView }
  /** Unknown, or another participant's: the same answer for both. */
  | { kind: "no-match" }
  /** This participant registered it already. */
  | { kind: "yours"; kit: KitView }
  | { kind: "withdrawn" }
  | { kind: "no-participant" };

export function createKitStore(db: Database, now: () => Date) {
  return {
    list: (userId: string) =>
      db.query<KitView>(
        `SELECT ${KIT} FROM results_kits WHERE user_id = $1 ORDER BY registered_at DESC, registration DESC NULLS LAST LIMIT 50`,
        [userId],
      ),

    /** A kit the program sends out (development: a test's or the demo's), with a new barcode unless one is given. */
    async issue(input: { sourceId: string; isHealthOrResearch: boolean; barcode?: string }): Promise<string> {
      for (;;) {
        const barcode = input.barcode ?? kitBarcodeFrom(String(randomInt(0, 100_000_000_000)).padStart(11, "0"));
        const inserted = await db.query(
          `INSERT INTO results_kits (barcode, source_id, is_health_or_research, issued_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (barcode) DO NOTHING RETURNING barcode`,
          [barcode, input.sourceId, input.isHealthOrResearch, now()],
        );
        if (inserted.length || input.barcode) return barcode;
      }
    },

    /**
     * Registers a kit to the participant, with the day the sample was collected. The participant's
     * tracker starts at its first step ('Kit registered', dated today) when it had not started yet;
     * that step is logged in the kit-step log like every other. A participant this
     * service has no record of yet gets one, with the kit's program, from what the portal knows.
     */
    async register(
      userId: string,
      input: { barcode: string; collectedOn: string },
      /** Who registers, as the portal knows them: used only when this service has no record of them yet. */
      participant?: { email: string; name: string },
    ): Promise<RegisterOutcome> {
      const at = now();
      return db.transaction(async (tx): Promise<RegisterOutcome> => {
        const [kit] = await tx.query<KitView & { source_id: string; is_health_or_research: boolean; user_id: string | null }>(
          `SELECT ${KIT}, source_id, is_health_or_research, user_id FROM results_kits WHERE barcode = $1 FOR UPDATE`,
          [input.barcode],
        );
        if (!kit || (kit.user_id !== null && kit.user_id !== userId)) return { kind: "no-match" };
        if (kit.user_id === userId)
          return { kind: "yours", kit: { barcode: kit.barcode, registeredAt: kit.registeredAt, collectedOn: kit.collectedOn } };
        const [withdrawn] = await tx.query("SELECT 1 FROM results_withdrawals WHERE user_id = $1 LIMIT 1", [userId]);
        if (withdrawn) return { kind: "withdrawn" };
        const [patient] = await tx.query("SELECT 1 FROM results_patients WHERE user_id = $1 FOR UPDATE", [userId]);
        if (!patient) {
          if (!participant) return { kind: "no-participant" };
          await tx.query(
            `INSERT INTO results_patients (user_id, source_id, email, first_name, last_name, kit_status, is_health_or_research,
               agreements, heap_identifier, updated_at)
             VALUES ($1, $2, $3, $4, '', 0, $5, '[]'::jsonb, $6, $7)`,
            [userId, kit.source_id, participant.email, participant.name, kit.is_health_or_research, randomUUID(), at],
          );
        }
        const [registered] = await tx.query<KitView>(
          `UPDATE results_kits SET user_id = $2, registered_at = $3, collected_on = $4, registration = nextval('results_kit_registrations')
           WHERE barcode = $1 RETURNING ${KIT}`,
          [input.barcode, userId, at, input.collectedOn],
        );
        await tx.query(
          `WITH started AS (UPDATE results_patients SET kit_status = 1, updated_at = $2 WHERE user_id = $1 AND COALESCE(kit_status, 0) < 1
               RETURNING user_id),
             reached AS (INSERT INTO results_kit_events (user_id, step, reached_on) SELECT user_id, 1, $3::date FROM started
               ON CONFLICT (user_id, step) DO UPDATE SET reached_on = EXCLUDED.reached_on)
           INSERT INTO results_kit_step_changes (user_id, step, changed_at) SELECT user_id, 1, $2 FROM started`,
          [userId, at, at.toISOString().slice(0, 10)],
        );
        return { kind: "registered", kit: registered! };
      });
    },
  };
}

export type KitStore = ReturnType<typeof createKitStore>;
