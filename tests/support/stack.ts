/**
 * The whole stack as three separately controlled processes (identity service, results service,
 * portal on the built server file in production mode), each started as the launcher starts it
 * (lib/launcher/process-command.ts; a service from its source when nothing is built), so a run can
 * stop and start any one of them while the others keep going. Used by the fault, security and
 * instance suites and by `npm run bench`.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { memoryEnvironment, SMALL_SERVER_PROFILE } from "../../lib/launcher/memory-settings.ts";
import { builtIfPresent, processArgs } from "../../lib/launcher/process-command.ts";
import { PROCESS_FILES } from "../../lib/launcher/process-files.ts";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export interface ManagedService {
  readonly name: string;
  readonly url: string;
  start(): Promise<void>;
  /** SIGTERM (or SIGKILL with `hard`), resolved once the process has exited. */
  stop(options?: { hard?: boolean }): Promise<void>;
  isRunning(): boolean;
  /** The process id while it runs (for reading its CPU time). */
  pid(): number | undefined;
  /** Everything the process printed (stdout and stderr) since this object was made. */
  output(): string;
}

export interface Stack {
  portalUrl: string;
  identityUrl: string;
  resultsUrl: string;
  dataDir: string;
  portal: ManagedService;
  identity: ManagedService;
  results: ManagedService;
  stop(): Promise<void>;
}

export interface StackOptions {
  ports?: { portal: number; identity: number; results: number };
  /** Demo participants for both platform services (defaults to platform/demo/participants.json). */
  participantsFile?: string;
  /** Extra environment for the portal (e.g. RESULTS_TIMEOUT_MS, PORTAL_ENVIRONMENT). */
  portalEnv?: Record<string, string>;
  /** Extra environment for the identity provider (e.g. the sending budgets; see generousSendingBudgets). */
  identityEnv?: Record<string, string>;
  logLevel?: string;
  /** Node options for the portal process only, e.g. ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"]. */
  portalNodeArgs?: string[];
  /** The small-server memory profile for the portal (lib/launcher/memory-settings.ts); V8's own limits when absent. */
  memoryProfile?: typeof SMALL_SERVER_PROFILE;
  /** PostgreSQL servers for the portal and the results service (embedded databases when absent). */
  databaseUrls?: { portal: string; results: string };
}

/** `react-router build` of the portal and the services' built files, in production mode. */
export function buildPortal(): void {
  const result = spawnSync(process.execPath, [path.join(projectRoot, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: projectRoot,
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
    // Under vitest NODE_ENV is "test", which would make a development build the server cannot run.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`react-router build failed:\n${result.stderr}`);
}

/**
 * Builds the stack when build/ lacks a process's file (a fresh checkout runs the integration suites
 * before `react-router build`): the portal, then the services' files (lib/launcher/process-files.ts).
 */
export function ensurePortalBuilt(): void {
  if (!Object.values(PROCESS_FILES).every((files) => existsSync(path.join(projectRoot, files.built)))) buildPortal();
}

/**
 * Ports for the processes a stack spawns. A port the kernel hands out for port 0 is free when asked,
 * not when the child binds it a second later, and two test workers were handed the same one: one
 * stack's health check was then answered by another stack's service. So each process takes ports
 * from a block of its own below the kernel's ephemeral range (32768 and up), one after another from
 * a random start, skipping any that are taken.
 */
const PORT_BLOCK_SIZE = 400;
const FIRST_PORT_BLOCK = 20_000;
const PORT_BLOCKS = 30;
const poolId = Number(process.env.VITEST_POOL_ID);
const portBlock = Number.isInteger(poolId) && poolId > 0 ? poolId % 10 : 10 + (process.pid % (PORT_BLOCKS - 10));
let nextPortOffset = Math.floor(Math.random() * PORT_BLOCK_SIZE);

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A free TCP port on 127.0.0.1 from this process's own block. */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < PORT_BLOCK_SIZE; tried++) {
    const port = FIRST_PORT_BLOCK + portBlock * PORT_BLOCK_SIZE + (nextPortOffset++ % PORT_BLOCK_SIZE);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in block ${portBlock} (${FIRST_PORT_BLOCK + portBlock * PORT_BLOCK_SIZE} and on)`);
}

/** Whether the service at `url` answers its /healthz with a 2xx within a second. */
export async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(new URL("/healthz", url), { signal: AbortSignal.timeout(1_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

function managedService(name: string, url: string, args: string[], env: NodeJS.ProcessEnv): ManagedService {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let printed = "";

  return {
    name,
    url,
    output: () => printed,
    isRunning: () => child !== null && child.exitCode === null && child.signalCode === null,
    pid: () => child?.pid,
    async start() {
      const current = spawn(process.execPath, args, { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
      child = current;
      current.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
      current.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
      exited = new Promise((resolve) => current.once("exit", () => resolve()));
      const deadline = Date.now() + 90_000;
      while (!(await isHealthy(url))) {
        if (current.exitCode !== null || current.signalCode !== null)
          throw new Error(`${name} exited while starting:\n${printed.slice(-4_000)}`);
        if (Date.now() > deadline) throw new Error(`${name} not healthy at ${url} within 90 s:\n${printed.slice(-4_000)}`);
        // Polling interval while the process boots (not a test sleep).
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop(options = {}) {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill(options.hard ? "SIGKILL" : "SIGTERM");
      const force = setTimeout(() => child?.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** Starts identity and results, then the portal (which reads the IdP's discovery document). */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const ports = options.ports ?? { portal: await freePort(), identity: await freePort(), results: await freePort() };
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-stack-"));
  const portalUrl = `http://localhost:${ports.portal}`;
  const identityUrl = `http://localhost:${ports.identity}`;
  const resultsUrl = `http://localhost:${ports.results}`;
  const participantsFile = options.participantsFile ?? path.join(projectRoot, "platform/demo/participants.json");
  const logLevel = options.logLevel ?? "info";
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: logLevel,
    PORTAL_URL: portalUrl,
    IDP_ISSUER: identityUrl,
    IDENTITY_ISSUER: identityUrl,
    RESULTS_API_URL: resultsUrl,
    RESULTS_API_AUDIENCE: resultsUrl,
    RESULTS_PUBLIC_URL: resultsUrl,
    DEMO_PARTICIPANTS_FILE: participantsFile,
  };
  delete base.DATABASE_URL;
  delete base.MEMORY_PROFILE;
  // The services run in development here (their outbox and fault injection are development only).
  const platformEnv: NodeJS.ProcessEnv = memoryEnvironment({ ...base, NODE_ENV: "development" });
  const serviceArgs = (name: "identity" | "results", embeddedDatabase: boolean) =>
    processArgs(name, projectRoot, { from: builtIfPresent(name, projectRoot), embeddedDatabase });

  const identity = managedService("identity", identityUrl, serviceArgs("identity", true), {
    ...platformEnv,
    IDENTITY_PORT: String(ports.identity),
    IDENTITY_HOST: "127.0.0.1",
    IDENTITY_DATA_DIR: path.join(dataDir, "identity"),
    ...options.identityEnv,
  });
  const results = managedService("results", resultsUrl, serviceArgs("results", !options.databaseUrls), {
    ...platformEnv,
    RESULTS_PORT: String(ports.results),
    RESULTS_HOST: "127.0.0.1",
    RESULTS_DATA_DIR: path.join(dataDir, "results"),
    ...(options.databaseUrls ? { DATABASE_URL: options.databaseUrls.results } : {}),
  });
  const portalEnv: NodeJS.ProcessEnv = {
    ...base,
    NODE_ENV: "production",
    PORT: String(ports.portal),
    HOST: "127.0.0.1",
    PORTAL_DATA_DIR: path.join(dataDir, "portal"),
    ...(options.databaseUrls ? { DATABASE_URL: options.databaseUrls.portal } : {}),
    ...(options.memoryProfile ? { MEMORY_PROFILE: options.memoryProfile } : {}),
    ...options.portalEnv,
  };
  const portalArgs = [
    ...(options.portalNodeArgs ?? []),
    ...processArgs("portal", projectRoot, {
      from: "built",
      embeddedDatabase: !options.databaseUrls,
      bounded: options.memoryProfile === SMALL_SERVER_PROFILE,
    }),
  ];
  const portal = managedService("portal", portalUrl, portalArgs, memoryEnvironment(portalEnv));

  const stack: Stack = {
    portalUrl,
    identityUrl,
    resultsUrl,
    dataDir,
    portal,
    identity,
    results,
    async stop() {
      await Promise.all([portal.stop(), identity.stop(), results.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.all([identity.start(), results.start()]);
    await portal.start();
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
