import type { Database } from "../../../lib/postgres/index.ts";

/**
 * Returns the secret stored under `name`, creating it with `create` on first use. Two processes
 * starting together agree on one value: the insert keeps whichever row landed first and answers it.
 */
export async function loadOrCreateSecret<T>(db: Database, name: string, create: () => Promise<T>): Promise<T> {
  const [existing] = await db.query<{ value: T }>("SELECT value FROM idp_secrets WHERE name = $1", [name]);
  if (existing) return existing.value;
  const [stored] = await db.query<{ value: T }>(
    "INSERT INTO idp_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING value",
    [name, JSON.stringify(await create())],
  );
  return stored!.value;
}
