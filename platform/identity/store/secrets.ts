import { randomBytes } from "node:crypto";
import type { Database } from "../../../lib/postgres/index.ts";

/**
 * Returns the secret stored under `name`, 32 random bytes made on first use. Two processes
 * starting together agree on one value: the insert keeps whichever row landed first and answers it.
 */
export async function loadOrCreateSecret(db: Database, name: string): Promise<string> {
  const [existing] = await db.query<{ value: string }>("SELECT value FROM idp_secrets WHERE name = $1", [name]);
  if (existing) return existing.value;
  const [stored] = await db.query<{ value: string }>(
    "INSERT INTO idp_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING value",
    [name, JSON.stringify(randomBytes(32).toString("base64url"))],
  );
  return stored!.value;
}
