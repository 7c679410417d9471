import { migrate } from "./migrate.ts";
import { openPgDatabase } from "./pg-driver.ts";
import { openPgliteDatabase } from "./pglite-driver.ts";
import type { Database, OpenDatabaseOptions } from "./types.ts";

export type { Database, OpenDatabaseOptions, Queryable } from "./types.ts";
export { migrate };

/** Opens PostgreSQL at `url` when given, else the embedded database stored in `dataDir`. */
export function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.url ? openPgDatabase(options.url) : openPgliteDatabase(options.dataDir);
}
