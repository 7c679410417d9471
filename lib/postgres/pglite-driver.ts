import { openPglite } from "./pglite-open.ts";
import { createSerialQueue } from "./serial-queue.ts";
import { insideTransaction } from "./transaction-scope.ts";
import { rowsOf, type Database, type Queryable } from "./types.ts";

export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const pglite = await openPglite(dataDir);
  const enqueue = createSerialQueue();
  let closed = false;

  return {
    driver: "pglite",
    query<T>(sql: string, params: readonly unknown[] = []) {
      return enqueue(async () => (await pglite.query<T>(sql, [...params])).rows);
    },
    exec(sql: string) {
      return enqueue(async () => {
        await pglite.exec(sql);
      });
    },
    transaction<R>(fn: (tx: Queryable) => Promise<R>) {
      return enqueue(() => pglite.transaction((tx) => insideTransaction(() => fn(rowsOf(tx, (sql) => tx.exec(sql))))));
    },
    async close() {
      if (closed) return;
      closed = true;
      await enqueue(() => pglite.close());
    },
  };
}
