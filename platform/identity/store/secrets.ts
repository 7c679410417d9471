import type { Database } from "../../../lib/postgres/index.ts";

/**
 * Returns the secret stored under `name`, creating it with `create` on first use. Two processes
 * starting together agree on one value because the insert keeps whichever row landed first.
 */
export async function loadOrCreateSecret<T>(db: Database, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.query<{ value: T }>("SELECT value FROM idp_secrets WHERE name = $1", [name]);
  if (existing[0]) return existing[0].value;
  const value = await create();
  await db.query("INSERT INTO idp_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [name, JSON.stringify(value)]);
  const [stored] = await db.query<{ value: T }>("SELECT value FROM idp_secrets WHERE name = $1", [name]);
  if (!stored) throw new Error(`The secret ${name} was not stored`);
  return stored.value;
}
