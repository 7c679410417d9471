import { randomBytes } from "node:crypto";
import type { Database } from "../../lib/postgres/index.ts";

/**
 * The key that signs report links. A configured key wins; otherwise one is generated on first start
 * and kept in the database so links stay valid across restarts and across instances.
 */
export async function loadDocumentSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const [row] = await db.query<{ value: string }>(
    `INSERT INTO results_settings (name, value) VALUES ('document_secret', $1)
     ON CONFLICT (name) DO UPDATE SET value = results_settings.value RETURNING value`,
    [randomBytes(32).toString("base64url")],
  );
  return row!.value;
}
