/**
 * Several instances starting together on an empty PostgreSQL database, as a fresh deployment or a
 * new environment does: each runs the migrations, and the schema must come out once, with no
 * instance failing. Two connections migrating at the same moment, many times over, find a race
 * that one pair of portal processes hits only now and then.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalMigrations } from "~/services/migrations.server";
import { migrate, openDatabase } from "../../../lib/postgres/index.ts";
import { freePort } from "../../support/stack.ts";
import { startPostgresServer, type PostgresServer } from "./support/postgres-server.ts";

const ROUNDS = 20;
let server: PostgresServer;

beforeAll(async () => {
  server = await startPostgresServer(await freePort());
});

afterAll(async () => {
  await server?.stop();
});

describe("migrations on an empty database", () => {
  // Without the advisory lock in migrate.ts, CREATE TABLE IF NOT EXISTS run by two connections at
  // once fails one of them with a duplicate pg_type key in most rounds.
  it("two instances migrating at the same moment both succeed and apply each script once", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const url = await server.createDatabase(`fresh_${round}`);
      const instances = await Promise.all([openDatabase({ url, dataDir: "" }), openDatabase({ url, dataDir: "" })]);
      try {
        const outcomes = await Promise.allSettled(instances.map((db) => migrate(db, "portal", portalMigrations)));
        expect(
          outcomes.map((outcome) => (outcome.status === "rejected" ? String(outcome.reason) : "ok")),
          `round ${round}`,
        ).toEqual(["ok", "ok"]);
        const applied = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? outcome.value : []));
        expect(applied.sort((a, b) => a - b)).toEqual(portalMigrations.map((_, index) => index + 1));
      } finally {
        await Promise.all(instances.map((db) => db.close()));
      }
    }
  });
});
