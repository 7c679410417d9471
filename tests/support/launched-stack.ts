import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LauncherStatusSchema, type LauncherStatus } from "../../lib/launcher/status.ts";
import { generousSendingBudgets } from "./sending-budgets.ts";
import { ensurePortalBuilt, freePort, projectRoot } from "./stack.ts";

/** Polls `read` until `done` holds (waiting for the stack to change state, not a test sleep). */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The development environment of a fresh machine, with budgets generous enough for repeated sign-ins. */
export function developmentEnv(logLevel: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...generousSendingBudgets, LOG_LEVEL: logLevel };
  for (const name of ["NODE_ENV", "DATABASE_URL", "IDP_ISSUER", "RESULTS_API_URL", "PORTAL_ENVIRONMENT"]) delete env[name];
  return env;
}

export interface LaunchedStack {
  ports: { portal: number; identity: number; results: number };
  dataDir: string;
  portalUrl: string;
  launcher: ChildProcess;
  /** The launcher's status file (restarts, last exits, pids). */
  status(): LauncherStatus;
  /** SIGTERM to the launcher, waited for; the data directory removed. */
  stop(): Promise<void>;
}

/**
 * Resolves when the launcher says the stack is up: it prints the portal's address once all three
 * services have answered their health checks (it starts them at once). Its output keeps draining.
 */
function launcherReady(launcher: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(
      () => reject(new Error(`the launcher was not ready within ${timeoutMs / 1000} s; it said: ${seen}`)),
      timeoutMs,
    );
    launcher.stdout!.on("data", (chunk: Buffer) => {
      const text = seen + chunk.toString();
      // Only a tail is kept between chunks: the line may arrive split, and the demo list after it is long.
      seen = text.slice(-2_000);
      if (text.includes("Portal:")) {
        clearTimeout(timer);
        resolve();
      }
    });
    launcher.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the launcher exited (${code}) before the stack was ready`));
    });
  });
}

/** `npm start`'s launcher on free ports with `env`, once it says all three services are up (used by the suites and the bench). */
export async function launchStack(name: string, env: NodeJS.ProcessEnv): Promise<LaunchedStack> {
  ensurePortalBuilt();
  const ports = { portal: await freePort(), identity: await freePort(), results: await freePort() };
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  // As `npm start` runs it: Node's own type stripping, no loader.
  const launcher = spawn(process.execPath, ["scripts/start.ts"], {
    cwd: projectRoot,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(ports.portal),
      IDENTITY_PORT: String(ports.identity),
      RESULTS_PORT: String(ports.results),
      PORTAL_URL: env.PORTAL_URL ?? `http://localhost:${ports.portal}`,
    },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const portalUrl = `http://127.0.0.1:${ports.portal}`;
  await launcherReady(launcher, 110_000);
  return {
    ports,
    dataDir,
    portalUrl,
    launcher,
    status: () => LauncherStatusSchema.parse(JSON.parse(readFileSync(path.join(dataDir, "launcher-status.json"), "utf8"))),
    async stop() {
      if (launcher.exitCode === null) {
        const exited = new Promise((resolve) => launcher.once("exit", resolve));
        launcher.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
