import type { Database } from "./types.ts";

/**
 * Applies the `migrations` (version = index + 1) `service` has not applied yet, each in one transaction
 * with its record, and returns their versions. Released scripts are never edited or reordered: append.
 */
export async function migrate(db: Database, service: string, migrations: readonly string[]): Promise<number[]> {
  await db.transaction(async (tx) => {
    // CREATE TABLE IF NOT EXISTS is not safe against itself: two processes opening an empty
    // database together can both pass the check and collide in pg_type. Serialise on a lock.
    await tx.exec("SELECT pg_advisory_xact_lock(hashtext('schema_migrations'))");
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        service text NOT NULL,
        version integer NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (service, version)
      )`);
  });
  const applied: number[] = [];
  for (const [index, sql] of migrations.entries()) {
    const version = index + 1;
    await db.transaction(async (tx) => {
      // The record first: a process starting together against one server waits on its key, then skips the script.
      const claimed = await tx.query(
        "INSERT INTO schema_migrations (service, version) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING version",
        [service, version],
      );
      if (claimed.length === 0) return;
      await tx.exec(sql);
      applied.push(version);
    });
  }
  return applied;
}
