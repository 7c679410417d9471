import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrate, openDatabase } from "../../../lib/postgres/index.ts";
import { createPhoneChangeSettler } from "../../../platform/identity/interactions/phone-change-settler.ts";
import { createAccountStore } from "../../../platform/identity/store/accounts.ts";
import { IDENTITY_SERVICE, identityMigrations } from "../../../platform/identity/store/migrations.ts";
import { createOutbox } from "../../../platform/identity/store/outbox.ts";
import { createPhoneChanges } from "../../../platform/identity/store/phone-changes.ts";
import { freshDatabaseUrl } from "../../support/database";
import { createTestClock } from "./support.ts";

/**
 * Several instances of the identity provider share one database, each with its sweep, and the
 * participant may sign in or look at the same moment: a due phone change is still applied once,
 * recorded once and e-mailed once.
 */
const HOUR_MS = 3_600_000;
const clock = createTestClock();
let db: Database;

beforeAll(async () => {
  db = await openDatabase({
    url: await freshDatabaseUrl("identity_phone_appliers"),
    dataDir: join(await mkdtemp(join(tmpdir(), "idp-phone-appliers-")), "db"),
  });
  await migrate(db, IDENTITY_SERVICE, identityMigrations);
  await db.query(
    `INSERT INTO idp_accounts (id, email, password_hash, phone, phone_methods, first_name, last_name)
     VALUES ('P1', 'p1@example.test', 'x', '+15555557001', '{sms,voice}', 'Pat', 'One'),
            ('P2', 'p2@example.test', 'x', '+15555557002', '{sms}', 'Pat', 'Two'),
            ('P3', 'p3@example.test', 'x', '+15555557003', '{sms}', 'Pat', 'Three')`,
  );
});

afterAll(async () => {
  await db?.close();
});

/** One instance's view of the database: its stores and its settler (its sweep is `settle()` for everyone). */
function instance() {
  const phoneChanges = createPhoneChanges(db, clock.now, 72 * HOUR_MS);
  const accounts = createAccountStore(db);
  const outbox = createOutbox(db, clock.now);
  const settler = createPhoneChangeSettler({
    phoneChanges,
    accounts,
    outbox,
    portalUrl: "http://portal.test",
    logger: pino({ level: "silent" }),
  });
  return { phoneChanges, accounts, settler };
}

const count = async (sql: string, params: unknown[]) => Number((await db.query<{ n: string }>(sql, params))[0]?.n ?? 0);

describe("a due phone change with several appliers", () => {
  it("is applied, recorded and e-mailed once, whoever gets there first", async () => {
    const [one, two] = [instance(), instance()];
    await one.phoneChanges.request("P1", "+15555557101", "Firefox on Linux");
    expect(await two.phoneChanges.applyDue()).toEqual([]);

    clock.advance(72 * HOUR_MS + 1000);
    const applied = await Promise.all([
      one.phoneChanges.applyDue("P1"),
      two.phoneChanges.applyDue(),
      one.phoneChanges.applyDue(),
      two.phoneChanges.applyDue("P1"),
    ]);
    expect(applied.flat()).toHaveLength(1);
    expect((await one.accounts.findById("P1"))?.phone).toBe("+15555557101");
    expect(await count("SELECT count(*) AS n FROM idp_factor_events WHERE account_id = $1 AND kind = 'phone-changed'", ["P1"])).toBe(1);

    await Promise.all([one.settler.settle(), two.settler.settle(), one.settler.settle("P1")]);
    expect(await count("SELECT count(*) AS n FROM idp_outbox WHERE destination = $1", ["p1@example.test"])).toBe(1);
  });

  it("is applied by the sweep for a participant who neither signs in nor looks; a cancelled one never", async () => {
    const { phoneChanges, accounts, settler } = instance();
    await phoneChanges.request("P2", "+15555557102", "Safari on iOS");
    await phoneChanges.cancel("P2");
    await phoneChanges.request("P2", "+15555557202", "Safari on iOS");
    clock.advance(72 * HOUR_MS + 1000);
    await settler.settle();
    expect((await accounts.findById("P2"))?.phone).toBe("+15555557202");
    expect((await accounts.findById("P2"))?.phoneMethods).toEqual(["sms", "voice"]);
    const subjects = (
      await db.query<{ subject: string }>("SELECT subject FROM idp_outbox WHERE destination = $1 ORDER BY id", ["p2@example.test"])
    ).map((row) => row.subject);
    expect(subjects).toEqual(["The change of your phone number was cancelled", "Your phone number was changed"]);
  });

  // Only a PostgreSQL server has a second connection to see the wait on; the embedded database runs one statement at a time.
  it.skipIf(!process.env.DATABASE_URL)(
    "one participant's own settling waits for another applier's claim and reads the number it committed",
    async () => {
      const [one, two] = [instance(), instance()];
      await one.phoneChanges.request("P3", "+15555557103", "Firefox on Linux");
      clock.advance(72 * HOUR_MS + 1000);
      let looking: Promise<string | null | undefined> | undefined;
      await db.transaction(async (tx) => {
        // Another instance claims the change and has not committed yet.
        const claimed = await tx.query(
          "UPDATE idp_phone_changes SET status = 'applied', decided_at = $1 WHERE account_id = 'P3' RETURNING id",
          [clock.now()],
        );
        expect(claimed).toHaveLength(1);
        await tx.query("UPDATE idp_accounts SET phone = '+15555557103' WHERE id = 'P3'");
        looking = two.settler.settle("P3").then(async () => (await two.accounts.findById("P3"))?.phone);
        await expect
          .poll(() =>
            count("SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%idp_phone_changes%'", []),
          )
          .toBe(1);
      });
      expect(await looking).toBe("+15555557103");
    },
  );
});
