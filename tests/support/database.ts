import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * With DATABASE_URL set, a new empty database on that server for one test suite (so suites never
 * see each other's rows); without it, undefined — the embedded database is used.
 */
export async function freshDatabaseUrl(label: string): Promise<string | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `test_${label.replace(/[^a-z0-9]/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
