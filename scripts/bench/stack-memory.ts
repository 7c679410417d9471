/**
 * The embedded stack's resident memory as a new user runs it: `npm start` (the launcher, its
 * embedded database and the three services) with a data directory of its own. At rest: sampled
 * after a sign-in and one dashboard, once the stack has settled; under load: sampled while the
 * dashboard is under the bench's load. Every process below npm is counted (npm's own is shown apart).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generousSendingBudgets } from "./generous-sending-budgets.ts";
import { measureLoad } from "./load.ts";
import { commandOf, processTreeOf, residentMegabytesOf } from "./memory.ts";
import { signInOverHttp, type SignInAccount } from "./sign-in.ts";
import { spreadOf, type Spread } from "./spread.ts";
import { projectRoot } from "./stack.ts";

export interface StackMemoryFigures {
  /** The launcher and everything it runs, summed, over the samples. */
  atRestMb: Spread;
  underLoadMb: Spread;
  /** npm's own process, which only waits for the launcher. */
  npmMb: number;
  /** Each process's median at rest and highest under load. */
  processes: { name: string; atRestMb: number; underLoadMb: number }[];
  loadSeconds: number;
  requestsPerSecond: number;
}

const SETTLE_MS = 5_000;
const REST_SAMPLES = 5;
const SAMPLE_EVERY_MS = 1_000;
const GIVE_UP_MS = 120_000;

function roleOf(command: string): string {
  if (command.includes("scripts/start.ts")) return "launcher";
  if (command.includes("platform/identity/") || command.includes("identity-service.js")) return "identity provider";
  if (command.includes("platform/results/") || command.includes("results-service.js")) return "results service";
  if (command.includes("portal-server.js") || command.includes("server/index.ts")) return "portal";
  if (command.includes("esbuild")) return "esbuild (tsx's compiler)";
  return command.split(" ")[0] ?? "other";
}

/** One sample: each process below npm by role (summed where several share one), in MB. */
function sample(npmPid: number): Map<string, number> {
  const byRole = new Map<string, number>();
  for (const pid of processTreeOf(npmPid).slice(1)) {
    if (commandOf(pid).startsWith("sh ")) continue;
    const megabytes = residentMegabytesOf(pid);
    if (!Number.isFinite(megabytes)) continue;
    const role = roleOf(commandOf(pid));
    byRole.set(role, (byRole.get(role) ?? 0) + megabytes);
  }
  return byRole;
}

const total = (figures: Map<string, number>) => [...figures.values()].reduce((sum, value) => sum + value, 0);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureStackMemory(options: {
  portBase: number;
  account: SignInAccount;
  connections: number;
  loadSeconds: number;
}): Promise<StackMemoryFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-stack-memory-"));
  const ports = { portal: options.portBase, identity: options.portBase + 1, results: options.portBase + 2 };
  const npm = spawn("npm", ["start"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...generousSendingBudgets,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PORT: String(ports.portal),
      IDENTITY_PORT: String(ports.identity),
      RESULTS_PORT: String(ports.results),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The launcher says so once all three services answered their health checks.
  let printed = "";
  npm.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));
  try {
    const portalUrl = `http://localhost:${ports.portal}`;
    const started = Date.now();
    while (!printed.includes("Press Ctrl-C to stop.")) {
      if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}) before the portal answered`);
      if (Date.now() - started > GIVE_UP_MS) throw new Error(`the portal did not answer within ${GIVE_UP_MS / 1000} s`);
      await pause(100);
    }
    const { cookie } = await signInOverHttp(portalUrl, `http://localhost:${ports.identity}`, options.account);
    const dashboard = { url: `http://127.0.0.1:${ports.portal}/`, headers: { cookie } };
    await (await fetch(dashboard.url, { headers: dashboard.headers })).text();
    await pause(SETTLE_MS);
    const atRest: Map<string, number>[] = [];
    for (let index = 0; index < REST_SAMPLES; index += 1) {
      atRest.push(sample(npm.pid!));
      await pause(SAMPLE_EVERY_MS);
    }
    const underLoad: Map<string, number>[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await pause(SAMPLE_EVERY_MS * 2);
        if (sampling) underLoad.push(sample(npm.pid!));
      }
    })();
    const load = await measureLoad(dashboard, { connections: options.connections, durationSeconds: options.loadSeconds });
    sampling = false;
    await sampler;
    const roles = [...new Set([...atRest, ...underLoad].flatMap((figures) => [...figures.keys()]))];
    return {
      atRestMb: spreadOf(atRest.map(total)),
      underLoadMb: spreadOf(underLoad.map(total)),
      npmMb: residentMegabytesOf(npm.pid),
      processes: roles.map((name) => ({
        name,
        atRestMb: spreadOf(atRest.map((figures) => figures.get(name) ?? 0)).median,
        underLoadMb: spreadOf(underLoad.map((figures) => figures.get(name) ?? 0)).max,
      })),
      loadSeconds: options.loadSeconds,
      requestsPerSecond: load.requestsPerSecond,
    };
  } finally {
    // The launcher stops its services on SIGTERM; npm and its shell then end with it.
    const tree = processTreeOf(npm.pid!);
    // The last match: npm's shell names the script too, and would leave the launcher running if signalled.
    const launcher = tree.filter((pid) => commandOf(pid).includes("scripts/start.ts")).at(-1);
    if (npm.exitCode === null) process.kill(launcher ?? npm.pid!, "SIGTERM");
    const force = setTimeout(() => {
      for (const pid of tree.toReversed()) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }, 15_000);
    await exited;
    clearTimeout(force);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
