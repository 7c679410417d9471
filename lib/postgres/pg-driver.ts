import pg from "pg";
import { insideTransaction } from "./transaction-scope.ts";
import { rowsOf, type Database, type Queryable } from "./types.ts";

export async function openPgDatabase(url: string): Promise<Database> {
  // Same shape as the embedded driver: bigint columns (counts, ids) come back as numbers.
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, Number);
  const pool = new pg.Pool({ connectionString: url, max: 5, types });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  await pool.query("select 1");

  return {
    ...rowsOf(pool),
    async transaction<R>(fn: (tx: Queryable) => Promise<R>) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const value = await insideTransaction(() => fn(rowsOf(client)));
        await client.query("COMMIT");
        return value;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (!pool.ending) await pool.end();
    },
  };
}
