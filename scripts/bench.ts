/**
 * `npm run bench`: builds the portal and the framework floor, starts the whole stack in production
 * mode on its own ports (3700-3702, or BENCH_PORT_BASE), signs a demo participant in over HTTP, then
 * measures, in one run: throughput, latency and CPU per request in interleaved rounds (median and
 * spread), memory under load, page weight, Lighthouse five times per page, the dashboard on a
 * PostgreSQL server with demo data and with grown data, and the first start. Prints one report and
 * writes it as Markdown and JSON under bench/results/. Figures are reported, never asserted.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMALL_SERVER_PROFILE } from "../lib/launcher/memory-settings.ts";
import { GROWN, growData, startBenchPostgres, tableSizes, type BenchDatabases } from "./bench/big-data.ts";
import { cpuByPackage, profileUnderLoad } from "./bench/cpu-breakdown.ts";
import { measureFirstStart } from "./bench/first-start.ts";
import { generousSendingBudgets } from "./bench/generous-sending-budgets.ts";
import { collectionsIn, threadsCpuOf, TRACE_GC_FLAG } from "./bench/heap-work.ts";
import { HttpBrowser } from "./bench/http-client.ts";
import { runLighthouse, type LighthouseFigures } from "./bench/lighthouse-run.ts";
import { measureLoad, type LoadTarget } from "./bench/load.ts";
import { residentMegabytesOf } from "./bench/memory.ts";
import { measurePage } from "./bench/page-weight.ts";
import { cpuMillisecondsOf } from "./bench/process-cpu.ts";
import { toMarkdown, type BenchReport, type LoadRow, type MemoryFigures, type RoundFigures } from "./bench/report.ts";
import { openIdentifyPage, signInOverHttp } from "./bench/sign-in.ts";
import { measureSlowResults } from "./bench/slow-results.ts";
import { spreadOf } from "./bench/spread.ts";
import { measureStackMemory } from "./bench/stack-memory.ts";
import { projectRoot, startStack, type Stack } from "./bench/stack.ts";
import { DASHBOARD_PAGE, ROW, targetsOf } from "./bench/targets.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// The dashboard's path (database, results service, its components) needs several seconds under load
// before V8 and the database's WebAssembly are fully optimised; a 2 s warm-up measured it cold.
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const MEMORY_SECONDS = 30;
const PROFILE_SECONDS = 8;
const portBase = Number(process.env.BENCH_PORT_BASE ?? 3700);
const PROFILE_PATH = "/profile/overview";
const SECURITY_PATH = "/profile/security";
const benchAccount = { email: "ada@example.test", password: "Sequence-Ada-2026", phone: "+15555550101" };
const BENCH_USER_ID = "P1001";

function step(message: string) {
  console.error(`bench: ${message}`);
}

/** `react-router build` of the portal or of the framework floor (its own react-router.config.ts and vite.config.ts). */
function reactRouterBuild(projectDir: string) {
  step(`building ${path.relative(projectRoot, projectDir) || "the portal"} (react-router build)`);
  const result = spawnSync(process.execPath, [path.join(projectRoot, "node_modules/@react-router/dev/bin.cjs"), "build", projectDir], {
    cwd: projectRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`react-router build of ${projectDir} failed`);
}

/** A server of the bench's own (the ceiling, the floor) as one process, so its CPU time can be read. */
async function startOwnServer(script: string, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", path.join(projectRoot, "scripts/bench", script)], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", () => reject(new Error(`${script} exited`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  // The floor logs every request as the portal does; its log must keep flowing.
  child.stdout!.resume();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The framework floor, the lightest page and the dashboard, each alone under the same load with V8's
 * sampling profiler: where the pages' CPU goes beyond the floor's, by package (goal 1's gaps, with their parts).
 */
async function measureCpuBreakdown(): Promise<BenchReport["cpuBreakdown"]> {
  step("the framework floor, the lightest page and the dashboard under V8's sampling profiler");
  const options = { connections: CONNECTIONS, warmUpSeconds: WARM_UP_SECONDS, durationSeconds: PROFILE_SECONDS };
  const floor = await profileUnderLoad(async (profileNodeArgs) => {
    const server = await startOwnServer("floor-server.ts", profileNodeArgs);
    return { target: { url: server.url }, stop: server.stop };
  }, options);
  const portalPage = (pagePath: string) =>
    profileUnderLoad(async (profileNodeArgs) => {
      const stack = await startStack({
        ports: { portal: portBase + 50, identity: portBase + 51, results: portBase + 52 },
        identityEnv: generousSendingBudgets,
        portalNodeArgs: profileNodeArgs,
      });
      try {
        const headers: Record<string, string> =
          pagePath === "/session-expired"
            ? {}
            : { cookie: (await signInOverHttp(stack.portalUrl, stack.identityUrl, benchAccount)).cookie };
        return {
          target: { url: local(`${stack.portalUrl}${pagePath}`), headers },
          calls: [{ name: "results", pid: stack.results.pid() }],
          stop: () => stack.stop(),
        };
      } catch (error) {
        await stack.stop();
        throw error;
      }
    }, options);
  const lightest = await portalPage("/session-expired");
  const dashboard = await portalPage("/");
  return {
    seconds: PROFILE_SECONDS,
    servers: [
      { name: "Framework floor", costs: cpuByPackage(floor) },
      { name: "Expired-session screen", costs: cpuByPackage(lightest) },
      { name: "Dashboard", costs: cpuByPackage(dashboard) },
    ],
  };
}

/** Load goes to 127.0.0.1 directly (no name resolution in the measurement). */
function local(url: string): string {
  return url.replace("//localhost:", "//127.0.0.1:");
}

interface Measured {
  name: string;
  request: string;
  target: LoadTarget;
  pid: number | undefined;
  /** The results service, whose CPU per request the dashboard rows print beside the portal's. */
  resultsPid?: number;
  /** The serving process's output, when it runs with `--trace-gc`: its heap's work is read per round too. */
  gcTrace?: () => string;
}

async function round(row: Measured): Promise<RoundFigures> {
  const cpuBefore = cpuMillisecondsOf(row.pid);
  const resultsBefore = cpuMillisecondsOf(row.resultsPid);
  const threadsBefore = threadsCpuOf(row.pid);
  const traceFrom = row.gcTrace?.().length ?? 0;
  const figures = await measureLoad(row.target, { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
  const perRequest = (value: number) => value / figures.requests;
  const threads = threadsCpuOf(row.pid);
  const collections = row.gcTrace ? collectionsIn(row.gcTrace().slice(traceFrom)) : undefined;
  return {
    ...figures,
    cpuMsPerRequest: perRequest(cpuMillisecondsOf(row.pid) - cpuBefore),
    resultsCpuMsPerRequest: row.resultsPid ? perRequest(cpuMillisecondsOf(row.resultsPid) - resultsBefore) : undefined,
    heapWork: collections && {
      mainThreadMsPerRequest: perRequest(threads.mainMs - threadsBefore.mainMs),
      otherThreadsMsPerRequest: perRequest(threads.otherMs - threadsBefore.otherMs),
      scavengesPerRequest: perRequest(collections.scavenges),
      markCompactsPerRequest: perRequest(collections.markCompacts),
      collectorMainThreadMsPerRequest: perRequest(collections.mainThreadMs),
    },
  };
}

/** Every row warmed up, then ROUNDS rounds with the rows interleaved, so a slow moment of the machine spreads over all of them. */
async function measureRows(rows: Measured[]): Promise<LoadRow[]> {
  step("warm-up: every row under load once, so no row is measured on code that has not run yet");
  for (const row of rows) await measureLoad(row.target, { connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS });
  const rounds = new Map<string, RoundFigures[]>(rows.map((row) => [row.name, []]));
  for (let index = 1; index <= ROUNDS; index += 1) {
    for (const row of rows) {
      step(`round ${index}/${ROUNDS}: ${row.name}`);
      rounds.get(row.name)!.push(await round(row));
    }
  }
  return rows.map((row) => ({ name: row.name, request: row.request, rounds: rounds.get(row.name)! }));
}

async function pageExists(url: string, cookie: string): Promise<boolean> {
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  await response.body?.cancel();
  return response.status === 200;
}

async function measureMemory(database: string, stack: Stack, dashboard: LoadTarget): Promise<MemoryFigures> {
  const pid = stack.portal.pid();
  const atStartMb = residentMegabytesOf(pid);
  step(`memory (${database}): ${MEMORY_SECONDS * 2} s of dashboard load`);
  await measureLoad(dashboard, { connections: CONNECTIONS, durationSeconds: MEMORY_SECONDS });
  const after30sMb = residentMegabytesOf(pid);
  await measureLoad(dashboard, { connections: CONNECTIONS, durationSeconds: MEMORY_SECONDS });
  return { database, atStartMb, after30sMb, after60sMb: residentMegabytesOf(pid) };
}

async function lighthouseRuns(pages: [string, string, boolean][], cookie: string): Promise<BenchReport["lighthouse"]> {
  const all: BenchReport["lighthouse"] = [];
  for (const [name, url, available] of pages) {
    const runs: LighthouseFigures[] = [];
    let note: string | undefined = available ? undefined : "page not available";
    for (let run = 1; available && run <= LIGHTHOUSE_RUNS; run += 1) {
      step(`Lighthouse (mobile) ${name}, run ${run}/${LIGHTHOUSE_RUNS}`);
      try {
        runs.push(await runLighthouse(url, { cookie }));
      } catch (error) {
        note = `Lighthouse failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    all.push({ name, url, runs, note });
  }
  return all;
}

/**
 * The dashboard on a PostgreSQL server, from three stacks measured in the same interleaved rounds,
 * so a slow moment of the machine falls on all of them: a portal with the default settings on the
 * demo data; a second on the same data with the small-server memory profile; and a default portal of a
 * program whose data has grown.
 */
async function measureGrowth(memory: MemoryFigures[]): Promise<Pick<BenchReport, "growth" | "heap">> {
  const programs = await startBenchPostgres();
  if ("missing" in programs) return { growth: { note: programs.missing }, heap: { note: programs.missing } };
  step("PostgreSQL server: a stack on the demo data, a second with the small-server profile, a third on grown data");
  const stacks: Stack[] = [];
  const onServer = async (offset: number, databaseUrls: BenchDatabases, memoryProfile?: typeof SMALL_SERVER_PROFILE) => {
    const started = await startStack({
      ports: { portal: portBase + offset, identity: portBase + offset + 1, results: portBase + offset + 2 },
      identityEnv: generousSendingBudgets,
      databaseUrls,
      logLevel: "warn",
      memoryProfile,
      portalNodeArgs: [TRACE_GC_FLAG],
    });
    stacks.push(started);
    return started;
  };
  try {
    const stack = await onServer(20, programs.demo);
    const bounded = await onServer(24, programs.demo, SMALL_SERVER_PROFILE);
    const grownStack = await onServer(34, programs.grown);
    const signedIn = async (of: Stack) => ({ of, cookie: (await signInOverHttp(of.portalUrl, of.identityUrl, benchAccount)).cookie });
    const dashboard = (name: string, { of, cookie }: { of: Stack; cookie: string }): Measured => ({
      name,
      request: "GET /",
      target: { url: local(`${of.portalUrl}/`), headers: { cookie } },
      pid: of.portal.pid(),
      resultsPid: of.results.pid(),
      gcTrace: () => of.portal.output(),
    });
    const demo = dashboard("Dashboard, demo data", await signedIn(stack));
    const boundedDashboard = dashboard("Dashboard, demo data, small-server profile", await signedIn(bounded));
    // The participant signs in first: the services create their tables when they first need them.
    const grown = dashboard("Dashboard, grown data", await signedIn(grownStack));
    step(`PostgreSQL server: growing the third stack's data (${GROWN.participants} participants, ${GROWN.sessions} sessions)`);
    await growData(programs.grown);
    const sizes = { small: await tableSizes(programs.demo), grown: await tableSizes(programs.grown) };
    const [demoRow, boundedRow, grownRow] = (await measureRows([demo, boundedDashboard, grown])) as [LoadRow, LoadRow, LoadRow];
    const after = await tableSizes(programs.grown);
    memory.push({ ...(await measureMemory("PostgreSQL server", stack, demo.target)), reference: true });
    memory.push(await measureMemory("PostgreSQL server, small-server profile", bounded, boundedDashboard.target));
    return {
      growth: { rows: [demoRow, grownRow], sizes: { ...sizes, after } },
      heap: { rows: [demoRow, boundedRow] },
    };
  } finally {
    await Promise.all(stacks.map((started) => started.stop()));
  }
}

async function main() {
  reactRouterBuild(projectRoot);
  reactRouterBuild(path.join(projectRoot, "scripts/bench/floor"));
  step(`starting the stack on ${portBase}-${portBase + 2}`);
  const stack = await startStack({
    ports: { portal: portBase, identity: portBase + 1, results: portBase + 2 },
    identityEnv: generousSendingBudgets,
  });
  const ceiling = await startOwnServer("ceiling-server.ts");
  const floor = await startOwnServer("floor-server.ts");
  let rows: LoadRow[];
  const memory: MemoryFigures[] = [];
  let weights: BenchReport["weights"];
  let slowResults: BenchReport["slowResults"];
  let lighthouse: BenchReport["lighthouse"];
  try {
    const { cookie } = await signInOverHttp(stack.portalUrl, stack.identityUrl, benchAccount);
    const auth = { cookie };
    const dashboardUrl = local(`${stack.portalUrl}/`);
    const profileUrl = local(`${stack.portalUrl}${PROFILE_PATH}`);
    const profileReady = await pageExists(profileUrl, cookie);

    step("page weight");
    const visitor = new HttpBrowser();
    const identify = await openIdentifyPage(visitor, stack.portalUrl);
    weights = [];
    for (const [name, pagePath] of [
      [DASHBOARD_PAGE, "/"],
      ["Personal Information", PROFILE_PATH],
      ["Login & Security", SECURITY_PATH],
      ["My Studies", "/profile/studies"],
      ["Expired-session screen", "/session-expired"],
    ] as const) {
      const url = local(`${stack.portalUrl}${pagePath}`);
      // The expired-session screen is what a browser without a live session sees.
      const headers = pagePath === "/session-expired" ? {} : auth;
      const available = pagePath === "/session-expired" || (await pageExists(url, cookie));
      weights.push(
        available ? { name, url, weight: await measurePage(url, headers) } : { name, url, weight: null, note: "page not available" },
      );
    }
    weights.push({ name: ROW.floor, url: floor.url, weight: await measurePage(floor.url), reference: true });
    weights.push({
      name: "Sign-in (IdP identify page)",
      url: identify.url.href,
      weight: await measurePage(identify.url.href, { cookie: visitor.cookies.header(identify.url) }),
    });

    const portalPid = stack.portal.pid();
    const measured: Measured[] = [
      { name: ROW.ceiling, request: "GET /", target: { url: ceiling.url }, pid: ceiling.pid },
      { name: ROW.floor, request: "GET /", target: { url: floor.url }, pid: floor.pid },
      { name: ROW.lightest, request: "GET /session-expired", target: { url: local(`${stack.portalUrl}/session-expired`) }, pid: portalPid },
      {
        name: ROW.dashboard,
        request: "GET /",
        target: { url: dashboardUrl, headers: auth },
        pid: portalPid,
        resultsPid: stack.results.pid(),
      },
      ...(profileReady
        ? [{ name: ROW.profile, request: `GET ${PROFILE_PATH}`, target: { url: profileUrl, headers: auth }, pid: portalPid }]
        : []),
      { name: ROW.signIn, request: "GET /auth/sign-in", target: { url: local(`${stack.portalUrl}/auth/sign-in`) }, pid: portalPid },
    ];
    rows = await measureRows(measured);
    memory.push(await measureMemory("embedded PGlite", stack, { url: dashboardUrl, headers: auth }));

    step("dashboard with a slow and a hung results service");
    slowResults = await measureSlowResults({ resultsUrl: stack.resultsUrl, dashboardUrl, cookie, userId: BENCH_USER_ID });

    lighthouse = await lighthouseRuns(
      [
        ["Dashboard", `${stack.portalUrl}/`, true],
        ["Profile", `${stack.portalUrl}${PROFILE_PATH}`, profileReady],
        ["Login & Security", `${stack.portalUrl}${SECURITY_PATH}`, await pageExists(local(`${stack.portalUrl}${SECURITY_PATH}`), cookie)],
      ],
      cookie,
    );
  } finally {
    await Promise.all([ceiling.stop(), floor.stop(), stack.stop()]);
  }
  const cpuBreakdown = await measureCpuBreakdown().catch((error: unknown) => ({
    note: `not measured: ${error instanceof Error ? error.message : String(error)}`,
  }));

  step("the whole embedded stack's memory (npm start), at rest and under load");
  const stackMemory = await measureStackMemory({
    portBase: portBase + 40,
    account: benchAccount,
    connections: CONNECTIONS,
    loadSeconds: MEMORY_SECONDS,
  }).catch((error: unknown) => ({ note: `not measured: ${error instanceof Error ? error.message : String(error)}` }));
  const { growth, heap } = await measureGrowth(memory);
  const firstStarts: number[] = [];
  for (let index = 1; index <= ROUNDS; index += 1) {
    step(`first start ${index}/${ROUNDS}: npm start to the first page`);
    firstStarts.push(await measureFirstStart(portBase + 30));
  }

  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "unknown",
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
      loadAverage: os.loadavg()[0] ?? Number.NaN,
    },
    load: { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, rounds: ROUNDS, rows },
    cpuBreakdown,
    memory,
    stackMemory,
    weights,
    lighthouse,
    slowResults,
    growth,
    heap,
    firstStartMs: spreadOf(firstStarts),
    targets: [],
  };
  report.targets = targetsOf(report);
  const markdown = toMarkdown(report, ROW);
  console.log(markdown);
  const outDir = path.join(projectRoot, "bench/results");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, "latest.md"), markdown);
  writeFileSync(path.join(outDir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  step(`written to ${path.relative(projectRoot, outDir)}/latest.md and latest.json`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
