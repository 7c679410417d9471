import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LauncherStatusSchema, type LauncherStatus } from "../../../lib/launcher/status.ts";
import { generousSendingBudgets } from "../../../scripts/bench/generous-sending-budgets.ts";
import { ensurePortalBuilt, freePort, projectRoot } from "../../../scripts/bench/stack.ts";

/**
 * The launcher supervises: kill -9 of a child is followed by a restart with backoff, the launcher
 * and the portal keep running meanwhile, and the portal's /readyz counts the restart.
 */
let launcher: ChildProcess;
let dataDir: string;
const ports = { portal: 0, identity: 0, results: 0 };
const portal = (pathname: string) => `http://127.0.0.1:${ports.portal}${pathname}`;

function status(): LauncherStatus {
  return LauncherStatusSchema.parse(JSON.parse(readFileSync(path.join(dataDir, "launcher-status.json"), "utf8")));
}

async function readyz(): Promise<{ status: string; checks: Record<string, unknown>; launcher?: LauncherStatus }> {
  return (await fetch(portal("/readyz"), { signal: AbortSignal.timeout(5000) })).json() as never;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    // Polling the stack while a process restarts (not a test sleep).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  ensurePortalBuilt();
  ports.portal = await freePort();
  ports.identity = await freePort();
  ports.results = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), "supervisor-"));
  const env: NodeJS.ProcessEnv = { ...process.env, ...generousSendingBudgets, LOG_LEVEL: "warn", DATA_DIR: dataDir };
  for (const name of ["NODE_ENV", "DATABASE_URL", "IDP_ISSUER", "RESULTS_API_URL", "PORTAL_ENVIRONMENT"]) delete env[name];
  Object.assign(env, { PORT: String(ports.portal), IDENTITY_PORT: String(ports.identity), RESULTS_PORT: String(ports.results) });
  launcher = spawn(process.execPath, [path.join(projectRoot, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], {
    cwd: projectRoot,
    env,
    stdio: "ignore",
  });
  await until(
    "the portal",
    () => fetch(portal("/healthz")),
    (response) => response.ok,
    90_000,
  );
}, 120_000);

afterAll(async () => {
  if (launcher && launcher.exitCode === null) {
    const exited = new Promise((resolve) => launcher.once("exit", resolve));
    launcher.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a child killed with SIGKILL", () => {
  it.each(["results", "identity", "portal"] as const)(
    "the %s process is restarted, the launcher keeps running, and /readyz counts the restart",
    async (name) => {
      const before = status().children[name];
      if (!before?.pid) throw new Error(`${name} is not running`);
      const killedAt = Date.now();
      process.kill(before.pid, "SIGKILL");
      const after = await until(
        `${name} to be restarted and ready`,
        readyz,
        (ready) => ready.status === "ok" && (ready.launcher?.children[name]?.restarts ?? 0) === before.restarts + 1,
      );
      console.log(`${name}: ready again ${Date.now() - killedAt} ms after SIGKILL`);
      expect(launcher.exitCode).toBeNull();
      expect(after.launcher?.children[name]).toMatchObject({ running: true, lastExit: "SIGKILL" });
      expect(after.launcher?.children[name]?.pid).not.toBe(before.pid);
    },
  );
});
