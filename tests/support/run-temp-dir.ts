import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A run's directory is named for the process that owns it: `portal-test-run-<pid>-<random>`. */
const PREFIX = "portal-test-run-";

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
    const owner = Number(name.slice(PREFIX.length).split("-")[0]);
    if (Number.isInteger(owner) && !isRunning(owner)) rmSync(path.join(root, name), { recursive: true, force: true });
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
  const dir = mkdtempSync(path.join(root, `${PREFIX}${process.pid}-`));
  // Others may pass through, not list: a suite's PostgreSQL server runs as the `postgres` account.
  chmodSync(dir, 0o711);
  process.env.TMPDIR = dir;
  return () => {
    process.env.TMPDIR = root;
    rmSync(dir, { recursive: true, force: true });
  };
}
