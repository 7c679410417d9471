import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Each service of the stack keeps an embedded database of its own (in its own process), so one
 * service's statement or transaction never waits on another's. The missing ones are created first,
 * by a short-lived process (create-database.ts says why).
 */
export async function createMissingDatabases(dataDirs: readonly string[]): Promise<void> {
  const missing = dataDirs.filter((dataDir) => !existsSync(path.join(dataDir, "PG_VERSION")));
  if (missing.length === 0) return;
  const creator = spawn(process.execPath, [path.join(import.meta.dirname, "create-database.ts"), ...missing], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  // `once` rejects on the process's 'error' (it could not be started).
  const [code] = (await once(creator, "exit")) as [number | null];
  if (code !== 0) throw new Error(`creating the embedded databases in ${missing.join(", ")} failed (exit code ${code})`);
}
