/**
 * 'Flat as data grows': a PostgreSQL server of its own (Debian's, started like CI's) holding two
 * programs side by side, each with a database for the portal and one for the results service: one
 * with the demo data only, one that also has the data a grown program would have (100,000
 * participants with an app each in the results service, 1,000,000 portal sessions, live and expired).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../lib/postgres/index.ts";
import { projectRoot } from "./stack.ts";

export const GROWN = { participants: 100_000, sessions: 1_000_000 };
const PORT = Number(process.env.BENCH_POSTGRES_PORT ?? 5434);

export interface BenchDatabases {
  portal: string;
  results: string;
}

/** The demo program's databases and the grown program's, on one server. */
export interface BenchPrograms {
  demo: BenchDatabases;
  grown: BenchDatabases;
}

/** The reason instead when this machine has no PostgreSQL server to start. */
export async function startBenchPostgres(): Promise<BenchPrograms | { missing: string }> {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root) || !readdirSync(root).some((version) => existsSync(path.join(root, version, "bin/initdb")))) {
    return { missing: "no PostgreSQL server on this machine (apt-get install postgresql)" };
  }
  const started = spawnSync("bash", [path.join(projectRoot, "scripts/ci-postgres.sh")], {
    env: { ...process.env, PGPORT_FOR_TESTS: String(PORT), PGDATA_FOR_TESTS: "/tmp/portal-bench-postgres" },
    encoding: "utf8",
  });
  if (started.status !== 0) return { missing: `PostgreSQL did not start: ${started.stderr.trim()}` };
  const admin = await openDatabase({ url: started.stdout.trim(), dataDir: "" });
  try {
    for (const name of ["bench_portal", "bench_results", "bench_portal_grown", "bench_results_grown"]) {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.exec(`CREATE DATABASE ${name}`);
    }
  } finally {
    await admin.close();
  }
  const url = (name: string) => `postgres://postgres@127.0.0.1:${PORT}/${name}`;
  return {
    demo: { portal: url("bench_portal"), results: url("bench_results") },
    grown: { portal: url("bench_portal_grown"), results: url("bench_results_grown") },
  };
}

/** Adds the grown data beside what the services seeded (the demo participants stay as they were). */
export async function growData(databases: BenchDatabases): Promise<void> {
  const results = await openDatabase({ url: databases.results, dataDir: "" });
  try {
    await results.query(
      `INSERT INTO results_patients (user_id, source_id, email, first_name, last_name, kit_status, is_health_or_research, agreements, heap_identifier)
       SELECT 'G' || n, 'dna-discovery', 'grown' || n || '@example.test', 'Grown', 'Participant' || n, n % 6, n % 2 = 0, '["rc"]'::jsonb, 'heap-g' || n
       FROM generate_series(1, $1::int) AS n`,
      [GROWN.participants],
    );
    await results.query(
      `INSERT INTO results_apps (user_id, app_id, app_name, label, label_es, type, position)
       SELECT 'G' || n, 'app-g' || n, 'traits', 'Traits', 'Rasgos', 'traits', 0 FROM generate_series(1, $1::int) AS n`,
      [GROWN.participants],
    );
    await results.exec("VACUUM ANALYZE");
  } finally {
    await results.close();
  }
  const portal = await openDatabase({ url: databases.portal, dataDir: "" });
  try {
    // Half signed in within the idle limit, half left idle for an hour (what the sweep is for).
    await portal.query(
      `INSERT INTO portal_sessions (id_hash, user_id, token_type, access_token, access_token_expires_at, flow_state, created_at, last_seen_at)
       SELECT md5('grown' || n), 'G' || (n % $2::int), 'IDP', repeat('a', 800), now() + interval '1 hour',
              CASE WHEN n % 10 = 0 THEN '{"password-update": {"step": "mfa-verification-pick"}}'::jsonb ELSE '{}'::jsonb END,
              now() - interval '2 hours', CASE WHEN n % 2 = 0 THEN now() ELSE now() - interval '1 hour' END
       FROM generate_series(1, $1::int) AS n`,
      [GROWN.sessions, GROWN.participants],
    );
    await portal.exec("VACUUM ANALYZE");
    // The gigabyte just written is flushed now, not by a checkpoint in the middle of the measured rounds.
    await portal.exec("CHECKPOINT");
  } finally {
    await portal.close();
  }
}

export interface TableSize {
  table: string;
  rows: number;
  megabytes: number;
}

export async function tableSizes(databases: BenchDatabases): Promise<TableSize[]> {
  const sizes: TableSize[] = [];
  for (const [url, tables] of [
    [databases.portal, ["portal_sessions"]],
    [databases.results, ["results_patients", "results_apps"]],
  ] as const) {
    const db = await openDatabase({ url, dataDir: "" });
    try {
      for (const table of tables) {
        const [row] = await db.query<{ rows: number; bytes: string }>(
          `SELECT count(*)::int AS rows, pg_total_relation_size('${table}')::text AS bytes FROM ${table}`,
        );
        sizes.push({ table, rows: row!.rows, megabytes: Number(row!.bytes) / 2 ** 20 });
      }
    } finally {
      await db.close();
    }
  }
  return sizes;
}
