/**
 * First start: `npm start` (scripts/start.ts, on a built portal) with a data directory of its own,
 * timed from the launcher's spawn to the first page the portal answers (the expired-session screen,
 * which needs no sign-in). The stack is stopped again after each round.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectRoot } from "./stack.ts";

const GIVE_UP_MS = 120_000;

export async function measureFirstStart(portBase: number): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-first-start-"));
  const started = performance.now();
  const launcher = spawn(process.execPath, ["--import", "tsx", path.join(projectRoot, "scripts/start.ts")], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PORT: String(portBase),
      IDENTITY_PORT: String(portBase + 1),
      RESULTS_PORT: String(portBase + 2),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => launcher.once("exit", () => resolve()));
  try {
    const page = `http://127.0.0.1:${portBase}/session-expired`;
    while (performance.now() - started < GIVE_UP_MS) {
      if (launcher.exitCode !== null) throw new Error(`the launcher exited (${launcher.exitCode}) before the portal answered`);
      const answered = await fetch(page, { signal: AbortSignal.timeout(1_000) })
        .then((response) => response.status === 200)
        .catch(() => false);
      if (answered) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the portal did not answer within ${GIVE_UP_MS / 1000} s`);
  } finally {
    launcher.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
