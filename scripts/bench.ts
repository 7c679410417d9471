/**
 * `npm run bench`: what a participant or an operator notices, in about five minutes. Builds the portal,
 * then, with the test harness's stacks (tests/support):
 * - `npm start`'s whole embedded stack at rest after a sign-in, then Lighthouse (mobile) on the
 *   dashboard, the profile and Login & Security against it, the pages' runs interleaved;
 * - the dashboard's portal CPU per request on a PostgreSQL server, a portal with the default settings
 *   and one with the small-server profile measured in the same interleaved rounds.
 * Prints one report and writes it to bench/results/latest.md and latest.json. Nothing is asserted.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as pause } from "node:timers/promises";
import { SMALL_SERVER_PROFILE } from "../lib/launcher/memory-settings.ts";
import { createParticipant, type StackServices } from "../tests/support/create-participant.ts";
import { claimRunDatabases, dropRunDatabases, freshDatabaseUrl } from "../tests/support/database.ts";
import { developmentEnv, launchStack } from "../tests/support/launched-stack.ts";
import { measureLoad, type LoadTarget } from "../tests/support/load.ts";
import { cpuMillisecondsOf, residentMegabytesOf, treeMegabytesOf } from "../tests/support/process-figures.ts";
import { generousSendingBudgets } from "../tests/support/sending-budgets.ts";
import { signInOverHttp } from "../tests/support/sign-in.ts";
import { buildPortal, projectRoot, startStack, type Stack } from "../tests/support/stack.ts";
import { openChromium, type LighthouseFigures } from "./bench/lighthouse-run.ts";
import { spreadOf, toMarkdown, type BenchReport, type Round } from "./bench/report.ts";

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = 5;
const CONNECTIONS = 50;
const PAGES = [
  ["Dashboard", "/"],
  ["Profile", "/profile/overview"],
  ["Login & Security", "/profile/security"],
] as const;
/** The stack settles after the sign-in before its memory is sampled, once a second. */
const SETTLE_MS = 5_000;
const REST_SAMPLES = 5;
const POSTGRES = { port: process.env.BENCH_POSTGRES_PORT ?? "5434", data: "/tmp/portal-bench-postgres" };

const benchStarted = performance.now();
const step = (message: string) =>
  console.error(`bench ${((performance.now() - benchStarted) / 1000).toFixed(0).padStart(3)} s: ${message}`);

/** Ada's like, created on the stack and signed in over plain HTTP: the Cookie header of her session. */
async function signedInCookie(portalUrl: string, services: StackServices): Promise<string> {
  const participant = await createParticipant(services, "ada");
  return (await signInOverHttp(portalUrl, services.identityUrl, participant)).cookie;
}

/**
 * `npm start` with a fresh data directory: its memory at rest, then Lighthouse on its pages. The stack
 * stops while the next measurement warms up (`stopped`).
 */
async function measureLaunchedStack(): Promise<Pick<BenchReport, "stackAtRest" | "lighthouse"> & { stopped: Promise<void> }> {
  const stack = await launchStack("portal-bench", developmentEnv("warn"));
  step("npm start's stack is up: a sign-in, the dashboard, then its memory at rest");
  try {
    const portalUrl = `http://localhost:${stack.ports.portal}`;
    const cookie = await signedInCookie(portalUrl, {
      identityUrl: `http://localhost:${stack.ports.identity}`,
      resultsUrl: `http://localhost:${stack.ports.results}`,
    });
    await (await fetch(`${stack.portalUrl}/`, { headers: { cookie } })).text();
    await pause(SETTLE_MS);
    const samples: Map<string, number>[] = [];
    for (let index = 0; index < REST_SAMPLES; index += 1) {
      const children = Object.entries(stack.status().children).map(
        ([name, child]) => [name, child.pid ? treeMegabytesOf(child.pid) : 0] as const,
      );
      samples.push(new Map([["launcher", residentMegabytesOf(stack.launcher.pid!)], ...children]));
      await pause(1_000);
    }
    const total = (sample: Map<string, number>) => [...sample.values()].reduce((sum, value) => sum + value, 0);
    const stackAtRest = {
      totalMb: spreadOf(samples.map(total)),
      processes: [...samples[0]!.keys()].map((name) => ({ name, mb: spreadOf(samples.map((sample) => sample.get(name) ?? 0)).median })),
    };

    const chromium = await openChromium();
    const runs = new Map<string, LighthouseFigures[]>(PAGES.map(([name]) => [name, []]));
    try {
      // Run by run across the pages, so a busy moment of the machine falls on every page alike.
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
        for (const [name, pagePath] of PAGES) {
          step(`Lighthouse (mobile) ${name}, run ${run}/${LIGHTHOUSE_RUNS}`);
          runs.get(name)!.push(await chromium.run(`${portalUrl}${pagePath}`, { cookie }));
        }
      }
    } finally {
      chromium.close();
    }
    return {
      stackAtRest,
      lighthouse: PAGES.map(([name, pagePath]) => ({ name, path: pagePath, runs: runs.get(name)! })),
      stopped: stack.stop(),
    };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** Debian's PostgreSQL with its default settings, started as CI starts it (scripts/ci-postgres.sh): its URL. */
function startPostgres(): string | { missing: string } {
  const started = spawnSync("bash", [path.join(projectRoot, "scripts/ci-postgres.sh")], {
    env: { ...process.env, PGPORT_FOR_TESTS: POSTGRES.port, PGDATA_FOR_TESTS: POSTGRES.data },
    encoding: "utf8",
  });
  return started.status === 0 ? started.stdout.trim() : { missing: `PostgreSQL did not start: ${started.stderr.trim()}` };
}

type DashboardRow = { pid: number | undefined; target: LoadTarget };

/**
 * Two stacks on a PostgreSQL server, each with databases of its own, and a participant signed in on
 * each: the default settings and the small-server profile. They start while the embedded stack is
 * measured, and wait idle until their rounds.
 */
async function startDashboardStacks(stacks: Stack[]): Promise<[DashboardRow, DashboardRow] | { note: string }> {
  const server = startPostgres();
  if (typeof server !== "string") return { note: server.missing };
  process.env.DATABASE_URL = server;
  claimRunDatabases();
  const onServer = async (label: string, memoryProfile?: typeof SMALL_SERVER_PROFILE): Promise<DashboardRow> => {
    const databaseUrls = {
      portal: (await freshDatabaseUrl(`bench_${label}_portal`))!,
      results: (await freshDatabaseUrl(`bench_${label}_results`))!,
    };
    const stack = await startStack({ identityEnv: generousSendingBudgets, databaseUrls, logLevel: "warn", memoryProfile });
    stacks.push(stack);
    const cookie = await signedInCookie(stack.portalUrl, stack);
    return { pid: stack.portal.pid(), target: { url: `${stack.portalUrl.replace("localhost", "127.0.0.1")}/`, headers: { cookie } } };
  };
  return Promise.all([onServer("default"), onServer("small", SMALL_SERVER_PROFILE)]);
}

/** The dashboard's portal CPU per request, warmed up, then in interleaved rounds: the default settings against the small-server profile. */
async function measureDashboardCpu(rows: [DashboardRow, DashboardRow]): Promise<BenchReport["dashboardCpu"]> {
  const rounds: [Round[], Round[]] = [[], []];
  step("PostgreSQL server: warm-up, both dashboards under load together");
  await Promise.all(rows.map((row) => measureLoad(row.target, { connections: CONNECTIONS, durationSeconds: ROUND_SECONDS })));
  for (let index = 0; index < ROUNDS; index += 1) {
    // Each round starts with the other portal, so neither always follows the same one.
    for (const which of index % 2 ? [1, 0] : [0, 1]) {
      step(`round ${index + 1}/${ROUNDS}: ${which ? "small-server profile" : "default settings"}`);
      const { pid, target } = rows[which]!;
      const before = cpuMillisecondsOf(pid);
      const load = await measureLoad(target, { connections: CONNECTIONS, durationSeconds: ROUND_SECONDS });
      rounds[which]!.push({
        requestsPerSecond: load.requestsPerSecond,
        latencyP99Ms: load.latencyP99Ms,
        failures: load.failures,
        portalCpuMsPerRequest: (cpuMillisecondsOf(pid) - before) / load.requests,
      });
    }
  }
  const [byDefault, smallServer] = rounds;
  return {
    connections: CONNECTIONS,
    roundSeconds: ROUND_SECONDS,
    byDefault,
    smallServer,
    ratio: spreadOf(byDefault.map((round, index) => round.portalCpuMsPerRequest / smallServer[index]!.portalCpuMsPerRequest)),
  };
}

async function main() {
  const loadAtStart = os.loadavg()[0]!;
  // Each embedded database starts as a copy of one fresh cluster, as in the suites, not by initdb in WebAssembly.
  process.env.PGLITE_CLUSTER_CACHE ??= path.join(projectRoot, "node_modules/.cache/pglite-clusters");
  step("building the portal (react-router build)");
  buildPortal();
  const dashboardStacks: Stack[] = [];
  step("starting npm start's stack, and two stacks on a PostgreSQL server that wait for their turn");
  const dashboardRows = startDashboardStacks(dashboardStacks);
  let measured: Pick<BenchReport, "stackAtRest" | "lighthouse" | "dashboardCpu">;
  try {
    const { stackAtRest, lighthouse, stopped } = await measureLaunchedStack();
    const rows = await dashboardRows;
    measured = { stackAtRest, lighthouse, dashboardCpu: "note" in rows ? rows : await measureDashboardCpu(rows) };
    await stopped;
  } finally {
    await dashboardRows.catch(() => undefined);
    await Promise.all(dashboardStacks.map((stack) => stack.stop()));
    await dropRunDatabases();
  }
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, loadAverage: { atStart: loadAtStart, atEnd: os.loadavg()[0]! } },
    wallSeconds: (performance.now() - benchStarted) / 1000,
    ...measured,
  };
  const markdown = toMarkdown(report);
  console.log(markdown);
  const outDir = path.join(projectRoot, "bench/results");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, "latest.md"), markdown);
  writeFileSync(path.join(outDir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
