import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const PREFIX = "portal-test-run-";
const OWNER_FILE = ".owner-pid";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Directories of earlier runs whose test runner is gone (killed, or stopped before its teardown). */
function removeAbandonedRuns(root: string) {
  for (const name of readdirSync(root)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(root, name);
    const ownerFile = path.join(dir, OWNER_FILE);
    const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, "utf8")) : NaN;
    if (!Number.isInteger(owner) || !isRunning(owner)) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Gives one test run a temporary directory of its own and removes it when the run ends: every
 * embedded database, socket and file the suites and the processes they start create under the
 * system's temporary directory goes there (`TMPDIR`, inherited by workers and child processes), so
 * no run leaves gigabytes behind, however a suite ends.
 */
export function claimRunTempDir(): () => void {
  const root = tmpdir();
  removeAbandonedRuns(root);
  const dir = mkdtempSync(path.join(root, PREFIX));
  // Others may pass through, not list: a suite's PostgreSQL server runs as the `postgres` account.
  chmodSync(dir, 0o711);
  writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  process.env.TMPDIR = dir;
  return () => {
    process.env.TMPDIR = root;
    rmSync(dir, { recursive: true, force: true });
  };
}
