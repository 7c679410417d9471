import { openPglite } from "./pglite-open.ts";
import { insideTransaction } from "./transaction-scope.ts";
import { rowsOf, type Database, type Queryable } from "./types.ts";

/**
 * The embedded database has a single connection: PGlite runs each statement, script and transaction
 * alone, so statements of concurrent requests never interleave with someone else's open transaction.
 */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const pglite = await openPglite(dataDir);
  let closed = false;

  return {
    ...rowsOf(pglite, (sql) => pglite.exec(sql)),
    transaction<R>(fn: (tx: Queryable) => Promise<R>) {
      return pglite.transaction((tx) => insideTransaction(() => fn(rowsOf(tx, (sql) => tx.exec(sql)))));
    },
    async close() {
      if (closed) return;
      closed = true;
      await pglite.close();
    },
  };
}
