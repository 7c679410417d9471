/**
 * A throw-away PostgreSQL server for one test file: initdb in a temporary directory, started with
 * pg_ctl on 127.0.0.1 and a free port, stopped and removed afterwards. The binaries are Debian's
 * (`/usr/lib/postgresql/<version>/bin`, newest first) or `/usr/local/bin`; without them this fails
 * with the package to install, so a machine lacking PostgreSQL never passes by skipping.
 */
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

export interface PostgresServer {
  /** postgres:// URL of `database` on this server (superuser `postgres`, trust authentication). */
  urlOf(database: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

function versionOrder(a: string, b: string): number {
  return b.localeCompare(a, undefined, { numeric: true });
}

/** The directory holding initdb and pg_ctl, or a readable error naming what to install. */
export function postgresBinDir(): string {
  const debianRoot = "/usr/lib/postgresql";
  const debian = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .sort(versionOrder)
        .map((version) => path.join(debianRoot, version, "bin"))
    : [];
  const found = [...debian, "/usr/local/bin"].find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
  if (!found) {
    throw new Error(
      "No PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or /usr/local/bin. " +
        "Install Debian's server: apt-get install -y postgresql",
    );
  }
  return found;
}

/** initdb refuses to run as root: as root the server runs as the `postgres` account the package creates. */
function serverAccount(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    throw new Error("Running as root, but there is no `postgres` account to run the server as (apt-get install -y postgresql creates it)");
  }
}

export async function startPostgresServer(port: number): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const account = serverAccount();
  const root = mkdtempSync(path.join(tmpdir(), "portal-postgres-"));
  if (account) chownSync(root, account.uid, account.gid);
  const data = path.join(root, "data");
  const asServer = { ...(account ?? {}), env: { ...process.env, LC_ALL: "C" } };
  // Durability settings are off: the cluster lives for one test file.
  const serverOptions = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const stop = async () => {
    await run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"], asServer).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };

  try {
    await run(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-locale", "--no-sync"], asServer);
    await run(
      path.join(bin, "pg_ctl"),
      ["-D", data, "-l", path.join(root, "server.log"), "-o", serverOptions, "-w", "-t", "30", "start"],
      asServer,
    );
  } catch (error) {
    await stop();
    throw new Error(`PostgreSQL did not start on 127.0.0.1:${port}: ${(error as Error).message}`);
  }

  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    urlOf,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: urlOf("postgres") });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    stop,
  };
}
