import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { serveEmbeddedDatabase } from "../postgres/embedded-server.ts";
import { openPglite } from "../postgres/pglite-open.ts";

export interface LauncherDatabase {
  /** The DATABASE_URL every service of the stack connects with. */
  url: string;
  /** Settles once the database is open (rejects when it cannot be). */
  opened: Promise<PGlite>;
  close(): Promise<void>;
}

/**
 * One embedded database for the whole stack, opened by the launcher and served on a Unix socket in
 * a directory only this user can enter: each service connects through the `pg` driver as it would
 * to a PostgreSQL server (its tables carry its own prefix), instead of each process holding an
 * embedded database of its own. It listens at once, so the services start while it opens.
 */
/** A new database is created by a short-lived process of its own (lib/launcher/create-database.ts says why). */
async function createIfMissing(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const creator = spawn(process.execPath, [path.join(import.meta.dirname, "create-database.ts"), dataDir], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    creator.once("error", reject);
    creator.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`creating the embedded database in ${dataDir} failed (exit code ${code})`);
}

export async function serveLauncherDatabase(dataDir: string): Promise<LauncherDatabase> {
  // mkdtemp creates the directory with mode 0700; /tmp keeps the socket's path short (108 bytes at most).
  const socketDir = mkdtempSync(path.join(tmpdir(), "portal-db-"));
  const opened = createIfMissing(dataDir).then(() => openPglite(dataDir));
  const served = await serveEmbeddedDatabase({ database: opened, path: path.join(socketDir, ".s.PGSQL.5432") });
  return {
    url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`,
    opened,
    async close() {
      await served.close();
      await (await opened.catch(() => null))?.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
