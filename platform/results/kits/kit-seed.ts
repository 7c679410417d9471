import type { Database } from "../../../lib/postgres/index.ts";
import { checkKitBarcode } from "../../../lib/program/kit-barcode.ts";
import type { DemoParticipant } from "../demo-participants.ts";

/**
 * The demo's kits, as the demo file has them on every start: a kit registered there is registered to
 * its participant; one not registered there is waiting again (so the walk-through of registering one
 * can be tried after every restart).
 */
export async function seedDemoKits(db: Database, participants: readonly DemoParticipant[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const participant of participants) {
      for (const kit of participant.kits ?? []) {
        if (!checkKitBarcode(kit.barcode).ok) throw new Error(`Demo kit ${kit.barcode} of ${participant.email}: the check digit is wrong`);
        const registered = kit.registeredAt !== undefined;
        await tx.query(
          `INSERT INTO results_kits (barcode, source_id, is_health_or_research, issued_at, user_id, registered_at, collected_on)
           VALUES ($1, $2, $3, now(), $4, $5, $6)
           ON CONFLICT (barcode) DO UPDATE SET source_id = EXCLUDED.source_id, is_health_or_research = EXCLUDED.is_health_or_research,
             user_id = EXCLUDED.user_id, registered_at = EXCLUDED.registered_at, collected_on = EXCLUDED.collected_on`,
          [
            kit.barcode,
            participant.sourceID,
            participant.isHealthOrResearch,
            registered ? participant.userId : null,
            kit.registeredAt ?? null,
            registered ? (kit.collectedOn ?? kit.registeredAt!.slice(0, 10)) : null,
          ],
        );
      }
    }
  });
}
