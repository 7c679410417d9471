import { migrate, openDatabase, type Database } from "../../lib/postgres/index.ts";
import { env } from "./env.server";
import { portalMigrations } from "./migrations.server";

let opening: Promise<Database> | undefined;

/** The portal's database, opened and migrated once per process: PGlite on disk, or DATABASE_URL. */
export function database(): Promise<Database> {
  opening ??= (async () => {
    const db = await openDatabase({ url: env.DATABASE_URL, dataDir: env.PORTAL_DATA_DIR });
    await migrate(db, "portal", portalMigrations);
    return db;
  })().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

export async function closeDatabase(): Promise<void> {
  const current = opening;
  opening = undefined;
  if (current) await (await current).close();
}
