import { randomBytes } from "node:crypto";
import pg from "pg";

/** Names the databases of one test run, so the run can drop them when it ends. */
function runPrefix(): string {
  const run = process.env.PORTAL_TEST_RUN ?? "solo";
  return `test_${run}_`;
}

/**
 * With DATABASE_URL set, a new empty database on that server for one test suite (so suites never
 * see each other's rows); without it, undefined — the embedded database is used.
 */
export async function freshDatabaseUrl(label: string): Promise<string | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `${runPrefix()}${label.replace(/[^a-z0-9]/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
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

/** Starts a run whose databases `dropRunDatabases` removes. */
export function claimRunDatabases(): void {
  process.env.PORTAL_TEST_RUN = randomBytes(4).toString("hex");
}

/** Drops every database this run created on the DATABASE_URL server (closing what still uses them). */
export async function dropRunDatabases(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || !process.env.PORTAL_TEST_RUN) return;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [
      runPrefix(),
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
