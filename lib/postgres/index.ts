import { migrate } from "./migrate.ts";
import { openPgDatabase } from "./pg-driver.ts";
import type { Database, OpenDatabaseOptions } from "./types.ts";

export type { Database, OpenDatabaseOptions, Queryable } from "./types.ts";
export { migrate };

/**
 * Opens PostgreSQL at `url` when given, else the embedded database stored in `dataDir`. The embedded
 * database's module is loaded only then: a process on a PostgreSQL server does not hold its code.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openPgDatabase(options.url);
  const { openPgliteDatabase } = await import("./pglite-driver.ts");
  return openPgliteDatabase(options.dataDir);
}
