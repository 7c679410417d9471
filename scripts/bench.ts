/**
 * `npm run bench`: builds the portal, starts the whole stack in production mode on its own ports
 * (3700-3702, or BENCH_PORT_BASE), signs a demo participant in over HTTP, then measures throughput
 * and latency, page weight and Lighthouse scores. Prints one report and writes it as Markdown and
 * JSON under bench/results/. Figures are reported, never asserted.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { generousSendingBudgets } from "./bench/generous-sending-budgets.ts";
import { formsOf, HttpBrowser } from "./bench/http-client.ts";
import { runLighthouse, type LighthouseFigures } from "./bench/lighthouse-run.ts";
import { measureLoad, type LoadTarget } from "./bench/load.ts";
import { measurePage, type PageWeight } from "./bench/page-weight.ts";
import { cpuMillisecondsOf } from "./bench/process-cpu.ts";
import { toMarkdown, type BenchReport, type LoadRow } from "./bench/report.ts";
import { openIdentifyPage, signInOverHttp } from "./bench/sign-in.ts";
import { measureSlowResults } from "./bench/slow-results.ts";
import { projectRoot, startStack, type Stack } from "./bench/stack.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
// The dashboard's path (database, results service, its components) needs several seconds under load
// before V8 and the database's WebAssembly are fully optimised; a 2 s warm-up measured it cold.
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const portBase = Number(process.env.BENCH_PORT_BASE ?? 3700);
const CEILING_ROW = "node:http 'hello'";
const LIGHTEST_ROW = "Expired-session screen";
const PROFILE_PATH = "/profile/overview";
const PASSWORD_FLOW_PATH = "/profile/security";
const benchAccount = { email: "ada@example.test", password: "Sequence-Ada-2026", phone: "+15555550101" };
const BENCH_USER_ID = "P1001";

function step(message: string) {
  console.error(`bench: ${message}`);
}

function build() {
  step("building the portal (remix build)");
  const result = spawnSync(process.execPath, [path.join(projectRoot, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: projectRoot,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("remix build failed");
}

async function startCeilingServer() {
  // Loaded with tsx into one process (the tsx CLI would run it as a grandchild), so its CPU time can be read.
  const child = spawn(process.execPath, ["--import", "tsx", path.join(projectRoot, "scripts/bench/ceiling-server.ts")], {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", () => reject(new Error("the ceiling server exited")));
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid, stop: () => child.kill("SIGTERM") };
}

/** The first form of the password flow's page that belongs to the flow (not the header's or footer's). */
async function passwordFlowPost(stack: Stack, cookie: string): Promise<LoadTarget | null> {
  const response = await fetch(new URL(PASSWORD_FLOW_PATH, stack.portalUrl), { headers: { cookie }, redirect: "manual" });
  if (response.status !== 200) return null;
  const shared = /\/(auth\/sign-out|language|privacy-choices)\b/;
  const form = formsOf(await response.text()).find((candidate) => candidate.method === "post" && !shared.test(candidate.action));
  if (!form) return null;
  const action = new URL(form.action || PASSWORD_FLOW_PATH, new URL(PASSWORD_FLOW_PATH, stack.portalUrl));
  return {
    url: local(action.href),
    method: "POST",
    headers: { cookie, origin: new URL(stack.portalUrl).origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form.fields).toString(),
  };
}

/** Load goes to 127.0.0.1 directly (no name resolution in the measurement). */
function local(url: string): string {
  return url.replace("//localhost:", "//127.0.0.1:");
}

async function loadRow(name: string, request: string, target: LoadTarget, serverPid: number | undefined): Promise<LoadRow> {
  step(`load: ${name}`);
  await measureLoad(target, { connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS });
  const cpuBefore = cpuMillisecondsOf(serverPid);
  const figures = await measureLoad(target, { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS });
  const cpuMsPerRequest = (cpuMillisecondsOf(serverPid) - cpuBefore) / figures.requests;
  return { name, request, figures, cpuMsPerRequest };
}

async function pageExists(url: string, cookie: string): Promise<boolean> {
  const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
  await response.body?.cancel();
  return response.status === 200;
}

async function main() {
  build();
  step(`starting the stack on ${portBase}-${portBase + 2}`);
  const stack = await startStack({
    ports: { portal: portBase, identity: portBase + 1, results: portBase + 2 },
    identityEnv: generousSendingBudgets,
  });
  const ceiling = await startCeilingServer();
  try {
    const { cookie } = await signInOverHttp(stack.portalUrl, stack.identityUrl, benchAccount);
    const auth = { cookie };
    const dashboardUrl = local(`${stack.portalUrl}/`);
    const profileUrl = local(`${stack.portalUrl}${PROFILE_PATH}`);
    const profileReady = await pageExists(profileUrl, cookie);
    const passwordPost = await passwordFlowPost(stack, cookie);

    step("page weight");
    const visitor = new HttpBrowser();
    const identify = await openIdentifyPage(visitor, stack.portalUrl);
    const weights: BenchReport["weights"] = [];
    const weigh = async (name: string, url: string, headers: Record<string, string>, available = true) => {
      weights.push(
        available ? { name, url, weight: await measurePage(url, headers) } : { name, url, weight: null, note: "page not available" },
      );
    };
    await weigh("Dashboard (signed in)", dashboardUrl, auth);
    await weigh("Sign-in (IdP identify page)", identify.url.href, { cookie: visitor.cookies.header(identify.url) });
    await weigh("Profile", profileUrl, auth, profileReady);
    await weigh("Password flow, first step", local(`${stack.portalUrl}${PASSWORD_FLOW_PATH}`), auth, passwordPost !== null);
    await weigh("Expired-session screen", local(`${stack.portalUrl}/session-expired`), {});

    const rows: LoadRow[] = [];
    const portalPid = stack.portal.pid();
    const pages: [string, string, LoadTarget][] = [
      [`${LIGHTEST_ROW} (lightest page)`, "GET /session-expired", { url: local(`${stack.portalUrl}/session-expired`) }],
      ["Dashboard (signed in, real results)", "GET /", { url: dashboardUrl, headers: auth }],
      ...(profileReady
        ? [["Profile page", `GET ${PROFILE_PATH}`, { url: profileUrl, headers: auth }] as [string, string, LoadTarget]]
        : []),
      ["Sign-in redirect", "GET /auth/sign-in", { url: local(`${stack.portalUrl}/auth/sign-in`) }],
    ];
    step("warm-up: every page under load once, so no row is measured on code that has not run yet");
    for (const [, , target] of pages) await measureLoad(target, { connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS });
    rows.push(await loadRow(`${CEILING_ROW} (ceiling)`, "GET /", { url: ceiling.url }, ceiling.pid));
    for (const [name, request, target] of pages) rows.push(await loadRow(name, request, target, portalPid));
    // Last: it moves the participant's password flow on (and meets the IdP's start limit).
    if (passwordPost)
      rows.push(await loadRow("Password flow, first POST", `POST ${new URL(passwordPost.url).pathname}`, passwordPost, portalPid));

    step("dashboard with a slow and a hung results service");
    const slowResults = await measureSlowResults({ resultsUrl: stack.resultsUrl, dashboardUrl, cookie, userId: BENCH_USER_ID });

    step("Lighthouse (mobile)");
    const lighthouse: BenchReport["lighthouse"] = [];
    for (const [name, url, available] of [
      ["Dashboard", `${stack.portalUrl}/`, true],
      ["Profile", `${stack.portalUrl}${PROFILE_PATH}`, profileReady],
    ] as const) {
      let figures: LighthouseFigures | null = null;
      let note: string | undefined = available ? undefined : "page not available";
      if (available) {
        try {
          figures = await runLighthouse(url, auth);
        } catch (error) {
          note = `Lighthouse failed: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
      lighthouse.push({ name, url, figures, note });
    }

    const report: BenchReport = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? "unknown",
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        platform: `${os.type()} ${os.release()}`,
      },
      load: {
        connections: CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
        rows,
        ceiling: rowNamed(rows, CEILING_ROW).name,
        lightest: rowNamed(rows, LIGHTEST_ROW).name,
      },
      weights,
      lighthouse,
      slowResults,
      targets: targetsOf(rows, weights, lighthouse),
    };
    const markdown = toMarkdown(report);
    console.log(markdown);
    const outDir = path.join(projectRoot, "bench/results");
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, "latest.md"), markdown);
    writeFileSync(path.join(outDir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
    step(`written to ${path.relative(projectRoot, outDir)}/latest.md and latest.json`);
  } finally {
    ceiling.stop();
    await stack.stop();
  }
}

function rowNamed(rows: LoadRow[], prefix: string): LoadRow {
  const row = rows.find((candidate) => candidate.name.startsWith(prefix));
  if (!row) throw new Error(`The bench measured no row named "${prefix}…"`);
  return row;
}

function targetsOf(rows: LoadRow[], weights: BenchReport["weights"], lighthouse: BenchReport["lighthouse"]): BenchReport["targets"] {
  const lightest = rowNamed(rows, LIGHTEST_ROW).figures;
  const dashboard = rowNamed(rows, "Dashboard").figures;
  const dashboardWeight = weights.find((entry) => entry.name.startsWith("Dashboard"))?.weight as PageWeight;
  const targets: BenchReport["targets"] = [
    {
      target: "Dashboard JavaScript ≤ 110 KB gzip",
      actual: `${(dashboardWeight.javascript.gzip / 1024).toFixed(1)} KB`,
      met: dashboardWeight.javascript.gzip <= 110 * 1024,
    },
    {
      target: "Dashboard HTML ≤ 30 KB gzip",
      actual: `${(dashboardWeight.html.gzip / 1024).toFixed(1)} KB`,
      met: dashboardWeight.html.gzip <= 30 * 1024,
    },
    {
      target: `Dashboard ≥ 0.5 × the lightest page's req/s`,
      actual: `${(dashboard.requestsPerSecond / lightest.requestsPerSecond).toFixed(2)} × (${dashboard.requestsPerSecond.toFixed(0)} vs ${lightest.requestsPerSecond.toFixed(0)})`,
      met: dashboard.requestsPerSecond >= 0.5 * lightest.requestsPerSecond,
    },
    {
      target: `Dashboard p99 < 150 ms at ${CONNECTIONS} connections`,
      actual: `${dashboard.latencyP99Ms} ms`,
      met: dashboard.latencyP99Ms < 150,
    },
  ];
  for (const { name, figures } of lighthouse) {
    targets.push(
      {
        target: `${name}: Lighthouse performance ≥ 95`,
        actual: figures ? String(figures.performance) : "–",
        met: figures ? figures.performance >= 95 : null,
      },
      {
        target: `${name}: Lighthouse accessibility 100`,
        actual: figures ? String(figures.accessibility) : "–",
        met: figures ? figures.accessibility === 100 : null,
      },
      {
        target: `${name}: Lighthouse best practices 100`,
        actual: figures ? String(figures.bestPractices) : "–",
        met: figures ? figures.bestPractices === 100 : null,
      },
    );
  }
  return targets;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
