/** The bench's report, as Markdown (printed and written) and as JSON. */
import type { TableSize } from "./big-data.ts";
import { rowsByPackage, type CpuByPackage } from "./cpu-breakdown.ts";
import type { LighthouseFigures } from "./lighthouse-run.ts";
import type { LoadFigures } from "./load.ts";
import type { Bytes, PageWeight } from "./page-weight.ts";
import type { SlowResultsFigure } from "./slow-results.ts";
import { formatSpread, spreadOf, type Spread } from "./spread.ts";
import type { StackMemoryFigures } from "./stack-memory.ts";

export interface RoundFigures extends LoadFigures {
  /** CPU the serving process used per answered request during the round (NaN when unknown). */
  cpuMsPerRequest: number;
  /** The results service's CPU per portal request, for the rows that call it. */
  resultsCpuMsPerRequest?: number;
  /** For a portal run with `--trace-gc`: its threads' CPU and its heap's collections, per answered request. */
  heapWork?: HeapWork;
}

export interface HeapWork {
  mainThreadMsPerRequest: number;
  otherThreadsMsPerRequest: number;
  scavengesPerRequest: number;
  markCompactsPerRequest: number;
  collectorMainThreadMsPerRequest: number;
}

export interface LoadRow {
  name: string;
  request: string;
  rounds: RoundFigures[];
}

export interface Target {
  goal: string;
  target: string;
  actual: string;
  met: boolean | null;
}

export interface MemoryFigures {
  /** The portal's database: the embedded one in its own process, or a PostgreSQL server. */
  database: string;
  atStartMb: number;
  after30sMb: number;
  after60sMb: number;
  /** Measured for comparison, not against the goal (a portal with V8's own heap limits: only the small-server profile is held to it). */
  reference?: boolean;
}

export interface BenchReport {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string; loadAverage: number };
  load: { connections: number; durationSeconds: number; rounds: number; rows: LoadRow[] };
  /** The framework floor and portal pages, each alone under V8's sampling profiler for `seconds`; the floor first. */
  cpuBreakdown: { seconds: number; servers: { name: string; costs: CpuByPackage }[] } | { note: string };
  memory: MemoryFigures[];
  /** The whole embedded stack as `npm start` runs it. */
  stackMemory: StackMemoryFigures | { note: string };
  /** `reference`: the framework floor's page, printed beside the portal's pages and not held against the goal. */
  weights: { name: string; url: string; weight: PageWeight | null; note?: string; reference?: true }[];
  lighthouse: { name: string; url: string; runs: LighthouseFigures[]; note?: string }[];
  slowResults: SlowResultsFigure[];
  growth: { note: string } | { rows: LoadRow[]; sizes: { small: TableSize[]; grown: TableSize[]; after: TableSize[] } };
  /** The dashboard on a PostgreSQL server from a portal with the default settings, then one with the small-server profile. */
  heap: { note: string } | { rows: LoadRow[] };
  firstStartMs: Spread;
  targets: Target[];
}

/** One figure of a row over its rounds. */
export function over(row: LoadRow, figure: (round: RoundFigures) => number): Spread {
  return spreadOf(row.rounds.map(figure));
}

/** A ratio between two rows, round by round (the rounds were interleaved, so round i of each ran together). */
export function ratioOver(row: LoadRow, base: LoadRow, figure: (round: RoundFigures) => number): Spread {
  return spreadOf(row.rounds.map((round, index) => figure(round) / figure(base.rounds[index] ?? round)));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const both = (bytes: Bytes) => `${kb(bytes.raw)} / ${kb(bytes.gzip)}`;
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "–");

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
}

function loadTable(rows: LoadRow[], floor: LoadRow | undefined, lightest: LoadRow | undefined): string {
  const rps = (round: RoundFigures) => round.requestsPerSecond;
  return table(
    [
      "Server",
      "Request",
      "req/s",
      "p50 ms",
      "p99 ms",
      "p99 ms, open connections",
      "non-2xx/3xx",
      "× floor",
      "× lightest page",
      "Portal CPU ms / request",
      "Results CPU ms / request",
    ],
    rows.map((row) => [
      row.name,
      `\`${row.request}\``,
      formatSpread(over(row, rps)),
      formatSpread(over(row, (round) => round.latencyP50Ms)),
      formatSpread(over(row, (round) => round.latencyP99Ms)),
      formatSpread(over(row, (round) => round.latencyP99OpenMs)),
      String(row.rounds.reduce((sum, round) => sum + round.failures, 0)),
      floor ? formatSpread(ratioOver(row, floor, rps), 2) : "–",
      lightest ? formatSpread(ratioOver(row, lightest, rps), 2) : "–",
      formatSpread(
        over(row, (round) => round.cpuMsPerRequest),
        2,
      ),
      row.rounds.some((round) => round.resultsCpuMsPerRequest !== undefined)
        ? formatSpread(
            over(row, (round) => round.resultsCpuMsPerRequest ?? Number.NaN),
            2,
          )
        : "",
    ]),
  );
}

function unrecordedTraceNote(report: BenchReport): string {
  const repeated = report.lighthouse.flatMap(({ runs }) => runs).reduce((sum, run) => sum + run.unrecordedAttempts, 0);
  return `Attempts repeated because Chromium recorded no trace of the page load (Lighthouse's NO_NAVSTART: no metric measured, "Please run Lighthouse again"): ${repeated}.`;
}

function lighthouseTable(report: BenchReport): string {
  return table(
    [
      "Page",
      "Runs",
      "Performance min / median",
      "Runs at 100",
      "Accessibility min",
      "Best practices min",
      "LCP ms median (max)",
      "TBT ms median (max)",
      "Audits below 0.9",
      "LCP element",
    ],
    report.lighthouse.map(({ name, runs, note }) => {
      if (runs.length === 0) return [name, note ?? "not measured", "", "", "", "", "", "", "", ""];
      const performance = spreadOf(runs.map((run) => run.performance));
      const lcp = spreadOf(runs.map((run) => run.lcpMs));
      const tbt = spreadOf(runs.map((run) => run.tbtMs));
      return [
        name,
        String(runs.length),
        `${performance.min} / ${performance.median}`,
        `${runs.filter((run) => run.performance === 100).length} of ${runs.length}`,
        String(Math.min(...runs.map((run) => run.accessibility))),
        String(Math.min(...runs.map((run) => run.bestPractices))),
        `${fixed(lcp.median)} (${fixed(lcp.max)})`,
        `${fixed(tbt.median)} (${fixed(tbt.max)})`,
        [...new Set(runs.flatMap((run) => run.failedAudits.map((audit) => audit.replace(/ \(.*\)$/, ""))))].join(", ") || "none",
        [...new Set(runs.map((run) => run.lcpElement))].join("; "),
      ];
    }),
  );
}

function growthSection(growth: BenchReport["growth"]): string[] {
  if ("note" in growth) return [`Not measured: ${growth.note}.`];
  const sizes = (label: string, list: TableSize[]) =>
    list.map((size) => [label, size.table, String(size.rows), `${size.megabytes.toFixed(1)} MB`]);
  return [
    "Two stacks on one PostgreSQL server in the same interleaved rounds (with the small-server portal of the memory section): one on the demo data, one on a program whose data has grown. Each participant signed in on their own stack; the sweep of ended sessions runs as usual meanwhile.",
    "",
    loadTable(growth.rows, undefined, undefined),
    "",
    table(
      ["When", "Table", "Rows", "Size"],
      [
        ...sizes("demo data", growth.sizes.small),
        ...sizes("grown", growth.sizes.grown),
        ...sizes("grown, after the rounds", growth.sizes.after),
      ],
    ),
  ];
}

/** Names for the profile's rows that are not a package's. */
const PACKAGE_LABELS: Record<string, string> = {
  node: "node (Node's HTTP, streams, encoding)",
  build: "build (the app's own server code)",
  edge: "edge (the server file: Express's middleware, server/ and lib/)",
  wasm: "wasm (the embedded database's PostgreSQL, WebAssembly)",
  "@electric-sql/pglite": "@electric-sql/pglite (the embedded database's JavaScript)",
  "(native)": "(native: V8's built-ins, regular expressions, JSON)",
  "(garbage collector)": "(garbage collector, main thread)",
  "(program)": "(program: V8 outside JavaScript)",
};

export function cpuBreakdownSection(breakdown: BenchReport["cpuBreakdown"], load: BenchReport["load"]): string[] {
  if ("note" in breakdown) return [`Where the pages' CPU goes: ${breakdown.note}.`];
  const { servers, seconds } = breakdown;
  const costs = servers.map((server) => server.costs);
  const ms = (value: number) => value.toFixed(2);
  const callNames = [...new Set(costs.flatMap((column) => Object.keys(column.callsMsPerRequest)))];
  return [
    `Each server alone, warmed up, then ${seconds} s of ${load.connections} connections, with V8's sampling profiler (\`--cpu-prof\`): the main thread's CPU per answered request, by the package whose code ran (self time). The profile holds the main thread only (V8's helper threads, the collector's among them, are not in it), so its totals are below the rounds' figures. Rows in order of how much more the last page spends than the floor; the services a page calls are in their own rows, all their threads, from /proc.`,
    "",
    table(
      ["Package", ...servers.map((server) => `${server.name}, ms / request`)],
      [
        ...rowsByPackage(costs).map((row) => [PACKAGE_LABELS[row.name] ?? row.name, ...row.ms.map(ms)]),
        ["**All, in the serving process**", ...costs.map((column) => ms(column.msPerRequest))],
        ...callNames.map((name) => [
          `${name} service (its own process)`,
          ...costs.map((column) => ms(column.callsMsPerRequest[name] ?? 0)),
        ]),
      ],
    ),
  ];
}

function heapSection(heap: BenchReport["heap"]): string[] {
  if ("note" in heap) return [`The default settings against the small-server profile: not measured (${heap.note}).`];
  return [
    "The portal on a PostgreSQL server runs with V8's own limits (the default); a second portal with the small-server profile's bounds (`lib/launcher/memory-settings.ts`) served the same dashboard in the same interleaved rounds:",
    "",
    loadTable(heap.rows, undefined, undefined),
    "",
    ...heapWorkTable(heap.rows),
  ];
}

/** Where the small-server portal's extra CPU goes: its threads, and V8's collections (`--trace-gc`), per request. */
export function heapWorkTable(rows: LoadRow[]): string[] {
  const measured = rows.filter((row) => row.rounds.every((round) => round.heapWork));
  if (measured.length === 0) return [];
  const figure = (row: LoadRow, pick: (work: HeapWork) => number, digits: number) =>
    formatSpread(
      over(row, (round) => pick(round.heapWork!)),
      digits,
    );
  return [
    "Where the CPU went in those rounds: the portal's main thread and its other threads (V8's collector and compiler helpers, libuv's pool), from /proc; V8's collections from its `--trace-gc` lines, with the main thread's time in them (pauses, and a mark-compact's incremental marking steps).",
    "",
    table(
      [
        "Server",
        "Main thread ms / request",
        "Other threads ms / request",
        "Scavenges per 100 requests",
        "Mark-compacts per 100 requests",
        "Collector on the main thread, ms / request",
      ],
      measured.map((row) => [
        row.name,
        figure(row, (work) => work.mainThreadMsPerRequest, 2),
        figure(row, (work) => work.otherThreadsMsPerRequest, 2),
        figure(row, (work) => work.scavengesPerRequest * 100, 1),
        figure(row, (work) => work.markCompactsPerRequest * 100, 2),
        figure(row, (work) => work.collectorMainThreadMsPerRequest, 2),
      ]),
    ),
  ];
}

export function stackMemorySection(figures: BenchReport["stackMemory"]): string[] {
  if ("note" in figures) return [figures.note];
  return [
    `Resident memory (VmRSS) of the launcher and every process it runs, summed: at rest after a sign-in, ${formatSpread(figures.atRestMb)} MB over its samples; under ${figures.loadSeconds} s of dashboard load (${fixed(figures.requestsPerSecond)} req/s), ${formatSpread(figures.underLoadMb)} MB. npm's own process, which only waits for the launcher, adds ${fixed(figures.npmMb)} MB.`,
    "",
    table(
      ["Process", "At rest (median)", "Under load (highest)"],
      figures.processes.map((process) => [process.name, `${fixed(process.atRestMb)} MB`, `${fixed(process.underLoadMb)} MB`]),
    ),
  ];
}

export function toMarkdown(report: BenchReport, rowNames: { floor: string; lightest: string }): string {
  const { load, machine, memory } = report;
  const floor = load.rows.find((row) => row.name === rowNames.floor);
  const lightest = load.rows.find((row) => row.name === rowNames.lightest);
  const weightTable = table(
    [
      "Page",
      "Status",
      "HTML raw / gzip",
      "JavaScript raw / gzip",
      "Translations and routes raw / gzip",
      "CSS raw / gzip",
      "Fonts raw / gzip",
      "Requests",
    ],
    report.weights.map(({ name, weight, note }) =>
      weight
        ? [
            name,
            String(weight.status),
            both(weight.html),
            both(weight.javascript),
            both(weight.data),
            both(weight.css),
            both(weight.fonts),
            String(weight.requests),
          ]
        : [name, note ?? "not measured", "", "", "", "", "", ""],
    ),
  );
  return [
    `# Portal benchmark — ${report.date}`,
    "",
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}; load average ${fixed(machine.loadAverage, 2)} at the end.`,
    `Load: autocannon, ${load.connections} connections against 127.0.0.1; every row warmed up, then ${load.rounds} rounds of ${load.durationSeconds} s with the rows interleaved. Each figure is the median of the rounds with their spread (lowest–highest). Portal on the built server file (build/portal-server.js) with NODE_ENV=production.`,
    "CPU ms / request is the serving process's own CPU time (from /proc) over the requests it answered: it moves little when other work shares the cores, unlike requests per second.",
    `p99 ms counts every answer, so a round's ${load.connections} new connections count with their wait to be accepted: Node accepts one connection per turn of its event loop, and under load a turn lasts about 100 ms. p99 ms, open connections leaves out each connection's first answer (docs/performance.md).`,
    "",
    "## Targets",
    "",
    table(
      ["Goal", "Target", "Measured", "Met"],
      report.targets.map(({ goal, target, actual, met }) => [
        goal,
        target,
        actual,
        met === null ? "not measured" : met ? "met" : "**missed**",
      ]),
    ),
    "",
    "## Throughput, latency and CPU",
    "",
    loadTable(load.rows, floor, lightest),
    "",
    "## Where the pages' CPU goes, beside the framework floor's",
    "",
    ...cpuBreakdownSection(report.cpuBreakdown, load),
    "",
    "## Memory (the portal process's resident memory under dashboard load)",
    "",
    table(
      ["Portal's database", "At start", "After 30 s", "After 60 s", "Growth 30 → 60 s"],
      memory.map((figures) => [
        figures.database,
        `${fixed(figures.atStartMb)} MB`,
        `${fixed(figures.after30sMb)} MB`,
        `${fixed(figures.after60sMb)} MB`,
        `${fixed(figures.after60sMb - figures.after30sMb, 1)} MB`,
      ]),
    ),
    "",
    ...heapSection(report.heap),
    "",
    "## Memory of the whole embedded stack (`npm start`)",
    "",
    ...stackMemorySection(report.stackMemory),
    "",
    "## Flat as data grows (PostgreSQL server)",
    "",
    ...growthSection(report.growth),
    "",
    "## First start",
    "",
    `\`npm start\` (scripts/start.ts, portal built) to the first page the portal answers: ${formatSpread(report.firstStartMs)} ms.`,
    "",
    "## Dashboard with a slow results service (one request, time to first byte)",
    "",
    table(
      ["Results service", "Status", "First byte ms", "Page"],
      report.slowResults.map((figure) => [figure.name, String(figure.status), fixed(figure.timeToFirstByteMs), figure.page]),
    ),
    "",
    "## Page weight (everything the page loads)",
    "",
    weightTable,
    "",
    "## Lighthouse (mobile preset, system Chromium)",
    "",
    lighthouseTable(report),
    "",
    unrecordedTraceNote(report),
    "",
  ].join("\n");
}
