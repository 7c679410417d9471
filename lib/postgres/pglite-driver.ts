import type { Transaction } from "@electric-sql/pglite";
import { openPglite } from "./pglite-open.ts";
import { createSerialQueue } from "./serial-queue.ts";
import { insideTransaction } from "./transaction-scope.ts";
import type { Database, Queryable } from "./types.ts";

function wrapTransaction(tx: Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await tx.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
  };
}

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
      return enqueue(() => pglite.transaction((tx) => insideTransaction(() => fn(wrapTransaction(tx)))));
    },
    async close() {
      if (closed) return;
      closed = true;
      await enqueue(() => pglite.close());
    },
  };
}
