import { randomBytes } from "node:crypto";
import type { Database } from "../../lib/postgres/index.ts";

/**
 * The key that signs report links. A configured key wins; otherwise one is generated on first start
 * and kept in the database so links stay valid across restarts and across instances.
 */
export async function loadDocumentSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.query("INSERT INTO results_settings (name, value) VALUES ('document_secret', $1) ON CONFLICT (name) DO NOTHING", [
    randomBytes(32).toString("base64url"),
  ]);
  const [row] = await db.query<{ value: string }>("SELECT value FROM results_settings WHERE name = 'document_secret'");
  if (!row) throw new Error("The report-link secret was not stored");
  return row.value;
}
