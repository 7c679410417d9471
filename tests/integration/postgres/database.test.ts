import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, openDatabase, type Database } from "../../../lib/postgres/index.ts";

const drivers: Array<{ name: string; url?: string }> = [{ name: "embedded (PGlite)" }];
if (process.env.DATABASE_URL) drivers.push({ name: "PostgreSQL (DATABASE_URL)", url: process.env.DATABASE_URL });

describe.each(drivers)("platform db — $name", ({ url }) => {
  let dataDir: string;
  let db: Database;
  // Unique per run so repeated runs against one PostgreSQL server do not see each other's rows.
  const suffix = `${process.pid}_${Date.now()}`;
  const service = `dbtest_${suffix}`;
  const table = `dbtest_items_${suffix}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "portal-db-test-"));
    db = await openDatabase({ url, dataDir });
  });

  afterAll(async () => {
    if (db) {
      await db.exec(`DROP TABLE IF EXISTS ${table}`);
      await db.query("DELETE FROM schema_migrations WHERE service = $1", [service]);
      await db.close();
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  const migrations = [
    `CREATE TABLE ${table} (id serial PRIMARY KEY, name text NOT NULL UNIQUE, size bigint NOT NULL DEFAULT 0, data jsonb)`,
    `ALTER TABLE ${table} ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`,
  ];

  it("applies each migration once and records it per service", async () => {
    expect(await migrate(db, service, migrations.slice(0, 1))).toEqual([1]);
    expect(await migrate(db, service, migrations)).toEqual([2]);
    expect(await migrate(db, service, migrations)).toEqual([]);
    const rows = await db.query<{ version: number; applied_at: Date }>(
      "SELECT version, applied_at FROM schema_migrations WHERE service = $1 ORDER BY version",
      [service],
    );
    expect(rows.map((row) => row.version)).toEqual([1, 2]);
    expect(rows[0]?.applied_at).toBeInstanceOf(Date);
  });

  it("does not record a migration whose SQL fails", async () => {
    const broken = [...migrations, "ALTER TABLE no_such_table_anywhere ADD COLUMN x int"];
    await expect(migrate(db, service, broken)).rejects.toThrow();
    const rows = await db.query("SELECT 1 FROM schema_migrations WHERE service = $1 AND version = 3", [service]);
    expect(rows).toHaveLength(0);
  });

  it("binds positional parameters and returns typed values alike in both drivers", async () => {
    await db.query(`INSERT INTO ${table} (name, size, data) VALUES ($1, $2, $3)`, ["alpha", 42, JSON.stringify({ a: 1 })]);
    const [row] = await db.query<{ name: string; size: number; data: unknown; created_at: Date }>(
      `SELECT name, size, data, created_at FROM ${table} WHERE name = $1`,
      ["alpha"],
    );
    expect(row).toMatchObject({ name: "alpha", size: 42, data: { a: 1 } });
    expect(row?.created_at).toBeInstanceOf(Date);
  });

  it("returns a text[] column as an array of strings in both drivers, an empty one as []", async () => {
    const [row] = await db.query<{ names: string[]; none: string[] }>(
      `SELECT ARRAY(SELECT name FROM ${table} WHERE name = $1) AS names, ARRAY(SELECT name FROM ${table} WHERE false) AS none`,
      ["alpha"],
    );
    expect(row).toEqual({ names: ["alpha"], none: [] });
  });

  it("commits a transaction and rolls it back when the function throws", async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} (name) VALUES ($1)`, ["committed"]);
      return "done";
    });
    expect(result).toBe("done");

    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} (name) VALUES ($1)`, ["rolled-back"]);
        throw new Error("abort on purpose");
      }),
    ).rejects.toThrow("abort on purpose");

    const names = (await db.query<{ name: string }>(`SELECT name FROM ${table} ORDER BY name`)).map((r) => r.name);
    expect(names).toContain("committed");
    expect(names).not.toContain("rolled-back");
  });

  it("keeps concurrent transactions from interleaving", async () => {
    await db.query(`INSERT INTO ${table} (name, size) VALUES ('counter', 0)`);
    const increment = () =>
      db.transaction(async (tx) => {
        const [{ size } = { size: Number.NaN }] = await tx.query<{ size: number }>(
          `SELECT size FROM ${table} WHERE name = 'counter' FOR UPDATE`,
        );
        await tx.query(`UPDATE ${table} SET size = $1 WHERE name = 'counter'`, [size + 1]);
      });
    await Promise.all([increment(), increment(), increment(), db.query(`SELECT count(*) FROM ${table}`), increment()]);
    const [{ size } = { size: Number.NaN }] = await db.query<{ size: number }>(`SELECT size FROM ${table} WHERE name = 'counter'`);
    expect(size).toBe(4);
  });

  it("surfaces SQL errors without breaking later statements", async () => {
    await expect(db.query(`INSERT INTO ${table} (name) VALUES ($1)`, ["alpha"])).rejects.toThrow();
    const [{ total } = { total: Number.NaN }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${table}`);
    expect(total).toBeGreaterThan(0);
  });
});

describe("platform db — embedded data directory", () => {
  it("keeps data across close and reopen", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "portal-db-reopen-"));
    try {
      const first = await openDatabase({ dataDir: path.join(dataDir, "nested", "dir") });
      await migrate(first, "reopen", ["CREATE TABLE reopen_notes (note text)"]);
      await first.query("INSERT INTO reopen_notes VALUES ($1)", ["kept"]);
      await first.close();

      const second = await openDatabase({ dataDir: path.join(dataDir, "nested", "dir") });
      expect(await migrate(second, "reopen", ["CREATE TABLE reopen_notes (note text)"])).toEqual([]);
      expect(await second.query("SELECT note FROM reopen_notes")).toEqual([{ note: "kept" }]);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
