/**
 * Starts the whole stack: the identity service and the reference results service (unless IDP_ISSUER /
 * RESULTS_API_URL point at others), then the portal, each from the file the build made of it
 * (lib/launcher/process-files.ts; from source under `npm run dev`); waits for each health check, prints the
 * URLs and demo accounts. It supervises: a process that dies after it was healthy is restarted with
 * backoff (logged, counted, and shown on the portal's /readyz); one that dies before it was ever
 * healthy is a configuration problem and stops the stack. Only Ctrl-C or SIGTERM stop it otherwise.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { demoParticipantsFileFor, deploymentEnvironmentOf } from "../lib/deployment/environment.ts";
import { createMissingDatabases } from "../lib/launcher/embedded-database.ts";
import { memoryEnvironment, usesSmallServerProfile } from "../lib/launcher/memory-settings.ts";
import { portProblems } from "../lib/launcher/ports.ts";
import { processArgs } from "../lib/launcher/process-command.ts";
import { PROCESS_FILES } from "../lib/launcher/process-files.ts";
import type { LauncherStatus } from "../lib/launcher/status.ts";

const root = path.resolve(import.meta.dirname, "..");
const dataRoot = path.resolve(root, process.env.DATA_DIR ?? ".data");
if (process.env.FRESH_DATA === "1") rmSync(dataRoot, { recursive: true, force: true });

const portalPort = Number(process.env.PORT ?? 3000);
const identityPort = Number(process.env.IDENTITY_PORT ?? 3001);
const resultsPort = Number(process.env.RESULTS_PORT ?? 3002);
const portalUrl = process.env.PORTAL_URL ?? `http://localhost:${portalPort}`;
const embeddedIdentity = !process.env.IDP_ISSUER;
const embeddedResults = !process.env.RESULTS_API_URL;
const idpIssuer = process.env.IDP_ISSUER ?? `http://localhost:${identityPort}`;
const resultsUrl = process.env.RESULTS_API_URL ?? `http://localhost:${resultsPort}`;

const shared: NodeJS.ProcessEnv = {
  ...memoryEnvironment(process.env),
  PORTAL_URL: portalUrl,
  IDP_ISSUER: idpIssuer,
  RESULTS_API_URL: resultsUrl,
  RESULTS_API_AUDIENCE: process.env.RESULTS_API_AUDIENCE ?? resultsUrl,
  IDENTITY_ISSUER: idpIssuer,
  IDENTITY_PORT: String(identityPort),
  RESULTS_PORT: String(resultsPort),
  RESULTS_PUBLIC_URL: resultsUrl,
};

interface Supervised {
  name: string;
  process: ChildProcess;
  healthyOnce: boolean;
  restarts: number;
  /** Restarts since the process last stayed up for STABLE_MS; the backoff grows with it. */
  recentRestarts: number;
  startedAt: number;
  lastExit: string | null;
  lastRestartAt: string | null;
}

const STABLE_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;
const statusFile = path.join(dataRoot, "launcher-status.json");
const children: Supervised[] = [];
let stopping = false;

function writeStatus(): void {
  const status: LauncherStatus = {
    children: Object.fromEntries(
      children.map((child) => [
        child.name,
        {
          pid: child.process.pid ?? null,
          running: child.process.exitCode === null && child.process.signalCode === null,
          restarts: child.restarts,
          lastExit: child.lastExit,
          lastRestartAt: child.lastRestartAt,
        },
      ]),
    ),
  };
  mkdirSync(dataRoot, { recursive: true });
  writeFileSync(`${statusFile}.tmp`, JSON.stringify(status));
  renameSync(`${statusFile}.tmp`, statusFile);
}

function launch(name: string, args: string[], env: NodeJS.ProcessEnv): Supervised {
  const start = () => spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  const entry: Supervised = {
    name,
    process: start(),
    healthyOnce: false,
    restarts: 0,
    recentRestarts: 0,
    startedAt: Date.now(),
    lastExit: null,
    lastRestartAt: null,
  };
  children.push(entry);
  const watch = (child: ChildProcess) =>
    child.on("exit", (code, signal) => {
      if (stopping) return;
      entry.lastExit = signal ?? `exit code ${code}`;
      if (!entry.healthyOnce) {
        console.error(`${name} stopped before it was ever healthy (${entry.lastExit}); stopping the others.`);
        void stopAll(1);
        return;
      }
      if (Date.now() - entry.startedAt > STABLE_MS) entry.recentRestarts = 0;
      const delayMs = Math.min(MAX_BACKOFF_MS, 250 * 2 ** entry.recentRestarts);
      entry.recentRestarts += 1;
      entry.restarts += 1;
      console.error(`${name} stopped (${entry.lastExit}); restarting in ${delayMs} ms (restart ${entry.restarts}).`);
      writeStatus();
      setTimeout(() => {
        if (stopping) return;
        entry.process = start();
        entry.startedAt = Date.now();
        entry.lastRestartAt = new Date().toISOString();
        watch(entry.process);
        writeStatus();
      }, delayMs).unref();
    });
  watch(entry.process);
  writeStatus();
  return entry;
}

async function waitForHealth(child: Supervised, baseUrl: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    // Refused (null) while it is not listening yet.
    const response = await fetch(new URL("/healthz", baseUrl), { signal: AbortSignal.timeout(1_000) }).catch(() => null);
    if (response?.ok) {
      child.healthyOnce = true;
      return;
    }
    await sleep(150);
  }
  throw new Error(`${child.name} did not become healthy at ${baseUrl} within ${timeoutMs / 1000} s`);
}

async function stopAll(exitCode: number) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.process.exitCode === null && child.process.signalCode === null);
  await Promise.all(
    running.map(async (child) => {
      const force = setTimeout(() => child.process.kill("SIGKILL"), 10_000);
      child.process.kill("SIGTERM");
      await once(child.process, "exit");
      clearTimeout(force);
    }),
  );
  process.exit(exitCode);
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stopAll(0));

const viteDevelopment = process.env.PORTAL_VITE_DEV === "1";

async function main() {
  const unbuilt = Object.values(PROCESS_FILES).filter((files) => !existsSync(path.join(root, files.built)));
  if (!viteDevelopment && unbuilt.length > 0) {
    throw new Error(`The stack is not built yet (${unbuilt.map((files) => files.built).join(", ")} missing): run \`npm run build\` first.`);
  }
  const problems = await portProblems([
    { name: "portal", setting: "PORT", port: portalPort },
    ...(embeddedIdentity ? [{ name: "identity provider", setting: "IDENTITY_PORT", port: identityPort }] : []),
    ...(embeddedResults ? [{ name: "results service", setting: "RESULTS_PORT", port: resultsPort }] : []),
  ]);
  if (problems.length > 0) throw new Error(problems.join("\n"));
  const dataDirs = {
    identity: process.env.IDENTITY_DATA_DIR ?? path.join(dataRoot, "identity"),
    results: process.env.RESULTS_DATA_DIR ?? path.join(dataRoot, "results"),
    portal: process.env.PORTAL_DATA_DIR ?? path.join(dataRoot, "portal"),
  };
  if (!process.env.DATABASE_URL) {
    await createMissingDatabases([
      ...(embeddedIdentity ? [dataDirs.identity] : []),
      ...(embeddedResults ? [dataDirs.results] : []),
      dataDirs.portal,
    ]);
  }
  // Each process's Node settings (lib/launcher/memory-settings.ts) and file: the built one, or its source under `npm run dev`.
  // A process that holds an embedded database runs its WebAssembly on V8's baseline compiler (docs/decisions/001).
  const argsOf = (name: keyof typeof PROCESS_FILES) =>
    processArgs(name, root, {
      from: viteDevelopment ? "source" : "built",
      nodeOptions: process.env.NODE_OPTIONS,
      embeddedDatabase: !process.env.DATABASE_URL,
      bounded: usesSmallServerProfile(process.env),
    });
  const services: Promise<void>[] = [];
  if (embeddedIdentity)
    services.push(waitForHealth(launch("identity", argsOf("identity"), { ...shared, IDENTITY_DATA_DIR: dataDirs.identity }), idpIssuer));
  if (embeddedResults)
    services.push(waitForHealth(launch("results", argsOf("results"), { ...shared, RESULTS_DATA_DIR: dataDirs.results }), resultsUrl));
  // All at once: the portal asks the identity provider for its discovery document only when it first needs it.
  const portal = launch("portal", argsOf("portal"), {
    ...shared,
    // `npm run dev` serves the app from source through Vite (server/vite-development.ts).
    NODE_ENV: viteDevelopment ? "development" : "production",
    PORT: String(portalPort),
    HOST: process.env.HOST ?? "127.0.0.1",
    PORTAL_DATA_DIR: dataDirs.portal,
    LAUNCHER_STATUS_FILE: statusFile,
  });
  services.push(waitForHealth(portal, `http://127.0.0.1:${portalPort}`));
  await Promise.all(services);

  console.log(`\nPortal:            ${portalUrl}`);
  console.log(`Identity provider: ${idpIssuer}${embeddedIdentity ? " (embedded)" : ""}`);
  console.log(`Results service:   ${resultsUrl}${embeddedResults ? " (embedded)" : ""}`);
  // The services start only with a valid environment, so it is known here; development doors and demo data follow it.
  const environment = deploymentEnvironmentOf(shared);
  if (embeddedIdentity && environment === "development") console.log(`Code outbox:       ${idpIssuer}/dev/outbox/view`);
  // The file the identity provider seeded: the demo's in development, outside it only one named by DEMO_PARTICIPANTS_FILE.
  const seeded = demoParticipantsFileFor(environment, process.env.DEMO_PARTICIPANTS_FILE);
  const demoFile = seeded && path.resolve(root, seeded);
  if (embeddedIdentity && demoFile && existsSync(demoFile)) {
    const { participants } = JSON.parse(readFileSync(demoFile, "utf8")) as {
      participants: { email: string; password: string; description?: string; totpSecret?: string }[];
    };
    console.log("\nDemo participants (e-mail / password):");
    for (const participant of participants) {
      console.log(`  ${participant.email.padEnd(34)} ${participant.password.padEnd(24)} ${participant.description ?? ""}`);
      // The demo's authenticator-app key, for any TOTP app (or `npx otplib`): demo data, never a real account's.
      if (participant.totpSecret) console.log(`  ${"".padEnd(34)} authenticator key: ${participant.totpSecret}`);
    }
  }
  console.log("\nPress Ctrl-C to stop.");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stopAll(1);
});
