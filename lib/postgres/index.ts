import { openPgDatabase } from "./pg-driver.ts";
import type { Database } from "./types.ts";

export type { Database, Queryable } from "./types.ts";
export { migrate } from "./migrate.ts";

/**
 * Opens PostgreSQL at `url` (postgres://) when given, else the embedded database stored in `dataDir`
 * (created if missing), whose module is loaded only then: a process on a server does not hold its code.
 */
export async function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  if (options.url) return openPgDatabase(options.url);
  const { openPgliteDatabase } = await import("./pglite-driver.ts");
  return openPgliteDatabase(options.dataDir);
}
