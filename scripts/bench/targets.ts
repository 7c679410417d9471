/** The goals of the performance work, each with its figure from this run and whether it was met. */
import { over, ratioOver, type BenchReport, type LoadRow, type RoundFigures, type Target } from "./report.ts";
import { formatSpread, spreadOf, type Spread } from "./spread.ts";

export const ROW = {
  ceiling: "node:http 'hello' (ceiling)",
  floor: "Minimal React Router 8 page (framework floor)",
  lightest: "Expired-session screen (lightest page)",
  dashboard: "Dashboard (signed in, real results)",
  profile: "Profile page",
  signIn: "Sign-in redirect",
} as const;

/** The dashboard's name in the page-weight table, which holds its HTML to its own line. */
export const DASHBOARD_PAGE = "Dashboard (signed in)";

const FIRST_START_MS = 6_000;
const JAVASCRIPT_GZIP_KB = 110;
const DASHBOARD_HTML_GZIP_KB = 10;
const MEMORY_MB = 200;
const STACK_AT_REST_MB = 600;
const STACK_UNDER_LOAD_MB = 800;
/** 'No growth' between 30 and 60 s of load, allowing for the garbage collector's own breathing. */
const MEMORY_GROWTH_MB = 10;

const rps = (round: RoundFigures) => round.requestsPerSecond;
const bothServices = (round: RoundFigures) => round.cpuMsPerRequest + (round.resultsCpuMsPerRequest ?? 0);

function atLeast(goal: string, target: string, spread: Spread, minimum: number, digits = 2): Target {
  return {
    goal,
    target,
    actual: `${formatSpread(spread, digits)} ×`,
    met: Number.isFinite(spread.median) ? spread.median >= minimum : null,
  };
}

function growthTargets(growth: BenchReport["growth"]): Target[] {
  const goal = "3. Flat as data grows";
  if ("note" in growth) return [{ goal, target: "dashboard on grown data within 20 % of demo data", actual: growth.note, met: null }];
  const [small, grown] = growth.rows as [LoadRow, LoadRow];
  const cpu = over(grown, bothServices).median / over(small, bothServices).median;
  const p99Target = (target: string, figure: (round: RoundFigures) => number): Target => {
    const ratio = over(grown, figure).median / over(small, figure).median;
    return {
      goal,
      target,
      actual: `${formatSpread(over(small, figure))} → ${formatSpread(over(grown, figure))} ms (× ${ratio.toFixed(2)})`,
      met: ratio <= 1.2,
    };
  };
  return [
    {
      goal,
      target: "CPU per request (portal + results) within 20 %",
      actual: `${formatSpread(over(small, bothServices), 2)} → ${formatSpread(over(grown, bothServices), 2)} ms (× ${cpu.toFixed(2)})`,
      met: cpu <= 1.2,
    },
    p99Target("p99 on open connections within 20 %", (round) => round.latencyP99OpenMs),
    p99Target("p99 of every answer, with each connection's wait to be accepted, within 20 %", (round) => round.latencyP99Ms),
  ];
}

function lighthouseTargets(report: BenchReport): Target[] {
  return report.lighthouse.flatMap(({ name, runs, note }): Target[] => {
    const goal = `4. Lighthouse, ${name}`;
    if (runs.length === 0) return [{ goal, target: "performance 100 in 5 of 5 runs", actual: note ?? "not measured", met: null }];
    const count = (test: (run: (typeof runs)[number]) => boolean) => runs.filter(test).length;
    const performance = spreadOf(runs.map((run) => run.performance));
    const lcp = spreadOf(runs.map((run) => run.lcpMs));
    const tbt = spreadOf(runs.map((run) => run.tbtMs));
    return [
      {
        goal,
        target: "performance 100 in every run",
        actual: `${count((run) => run.performance === 100)} of ${runs.length} (min ${performance.min}, median ${performance.median})`,
        met: count((run) => run.performance === 100) === runs.length,
      },
      {
        goal,
        target: "accessibility and best practices 100 in every run",
        actual: `${count((run) => run.accessibility === 100 && run.bestPractices === 100)} of ${runs.length}`,
        met: count((run) => run.accessibility === 100 && run.bestPractices === 100) === runs.length,
      },
      { goal, target: "LCP ≤ 1,200 ms in every run", actual: `${formatSpread(lcp)} ms`, met: lcp.max <= 1_200 },
      { goal, target: "TBT 0 ms in every run", actual: `${formatSpread(tbt)} ms`, met: tbt.max === 0 },
    ];
  });
}

/** Met when every sample fits: a stack that fits a small server must fit at its highest. */
function stackMemoryTargets(figures: BenchReport["stackMemory"]): Target[] {
  const goal = "7. Memory";
  const rows: [string, number, Spread | undefined][] = [
    [
      `whole embedded stack (npm start) ≤ ${STACK_AT_REST_MB} MB at rest`,
      STACK_AT_REST_MB,
      "note" in figures ? undefined : figures.atRestMb,
    ],
    [
      `whole embedded stack ≤ ${STACK_UNDER_LOAD_MB} MB under dashboard load`,
      STACK_UNDER_LOAD_MB,
      "note" in figures ? undefined : figures.underLoadMb,
    ],
  ];
  return rows.map(([target, limit, spread]) =>
    spread
      ? { goal, target, actual: `${formatSpread(spread)} MB`, met: Number.isFinite(spread.max) ? spread.max <= limit : null }
      : { goal, target, actual: "note" in figures ? figures.note : "–", met: null },
  );
}

const DEFAULT_SETTINGS_TARGET = "the default portal's dashboard CPU per request ≤ 0.8 × the small-server profile's (PostgreSQL server)";

export function targetsOf(report: BenchReport): Target[] {
  const row = (name: string) => report.load.rows.find((candidate) => candidate.name === name);
  const floor = row(ROW.floor);
  const lightest = row(ROW.lightest);
  const dashboard = row(ROW.dashboard);
  const targets: Target[] = [];
  if (floor && lightest)
    targets.push(atLeast("1. Framework floor", "lightest page ≥ 0.8 × the floor's req/s", ratioOver(lightest, floor, rps), 0.8));
  if (lightest && dashboard)
    targets.push(atLeast("1. Framework floor", "dashboard ≥ 0.6 × the lightest page's req/s", ratioOver(dashboard, lightest, rps), 0.6));
  if (dashboard) {
    const cpu = over(dashboard, bothServices);
    targets.push({
      goal: "2. Dashboard CPU",
      target: "portal + results service ≤ 3 ms per request",
      actual: `${formatSpread(cpu, 2)} ms (portal ${formatSpread(
        over(dashboard, (round) => round.cpuMsPerRequest),
        2,
      )} + results ${formatSpread(
        over(dashboard, (round) => round.resultsCpuMsPerRequest ?? Number.NaN),
        2,
      )})`,
      met: cpu.median <= 3,
    });
  }
  targets.push(...growthTargets(report.growth), ...lighthouseTargets(report));
  const measuredPages = report.weights.filter((entry) => entry.weight && !entry.reference);
  const heaviest = measuredPages.toSorted((a, b) => b.weight!.javascript.gzip - a.weight!.javascript.gzip)[0];
  const floorPage = report.weights.find((entry) => entry.reference && entry.weight);
  const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  targets.push({
    goal: "5. JavaScript",
    target: `≤ ${JAVASCRIPT_GZIP_KB} KB gzip on every page`,
    actual: heaviest
      ? `heaviest: ${heaviest.name}, ${kilobytes(heaviest.weight!.javascript.gzip)} (${measuredPages.length} pages)${
          floorPage ? `; the framework floor's page alone ${kilobytes(floorPage.weight!.javascript.gzip)}` : ""
        }`
      : "–",
    met: heaviest ? heaviest.weight!.javascript.gzip <= JAVASCRIPT_GZIP_KB * 1024 : null,
  });
  const dashboardPage = measuredPages.find((entry) => entry.name === DASHBOARD_PAGE);
  targets.push({
    goal: "5. HTML",
    target: `≤ ${DASHBOARD_HTML_GZIP_KB} KB gzip for the dashboard`,
    actual: dashboardPage ? kilobytes(dashboardPage.weight!.html.gzip) : "not measured",
    met: dashboardPage ? dashboardPage.weight!.html.gzip <= DASHBOARD_HTML_GZIP_KB * 1024 : null,
  });
  targets.push({
    goal: "6. First start",
    target: `npm start to the first page ≤ ${FIRST_START_MS / 1000} s`,
    actual: `${formatSpread(report.firstStartMs)} ms`,
    met: Number.isFinite(report.firstStartMs.median) ? report.firstStartMs.median <= FIRST_START_MS : null,
  });
  targets.push(...stackMemoryTargets(report.stackMemory));
  if ("rows" in report.heap) {
    const [byDefault, bounded] = report.heap.rows as [LoadRow, LoadRow];
    const ratio = ratioOver(byDefault, bounded, (round) => round.cpuMsPerRequest);
    targets.push({
      goal: "7. Memory",
      target: DEFAULT_SETTINGS_TARGET,
      actual: `${formatSpread(ratio, 2)} ×`,
      met: Number.isFinite(ratio.median) ? ratio.median <= 0.8 : null,
    });
  } else {
    targets.push({
      goal: "7. Memory",
      target: DEFAULT_SETTINGS_TARGET,
      actual: report.heap.note,
      met: null,
    });
  }
  for (const memory of report.memory.filter((figures) => !figures.reference)) {
    targets.push(
      {
        goal: "7. Memory",
        target: `portal RSS after 60 s of dashboard load < ${MEMORY_MB} MB (${memory.database})`,
        actual: `${memory.after60sMb.toFixed(0)} MB`,
        met: memory.after60sMb < MEMORY_MB,
      },
      {
        goal: "7. Memory",
        target: `no growth from 30 s to 60 s, ≤ ${MEMORY_GROWTH_MB} MB (${memory.database})`,
        actual: `${memory.after30sMb.toFixed(0)} → ${memory.after60sMb.toFixed(0)} MB`,
        met: memory.after60sMb - memory.after30sMb <= MEMORY_GROWTH_MB,
      },
    );
  }
  return targets;
}
