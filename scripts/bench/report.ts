/** The bench's one table, as Markdown (printed and written) and as JSON. */
import type { LighthouseFigures } from "./lighthouse-run.ts";
import type { LoadFigures } from "./load.ts";
import type { Bytes, PageWeight } from "./page-weight.ts";
import type { SlowResultsFigure } from "./slow-results.ts";

export interface LoadRow {
  name: string;
  request: string;
  figures: LoadFigures;
  /** CPU the serving process used per answered request during the row (NaN when unknown). */
  cpuMsPerRequest: number;
}

export interface BenchReport {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string };
  load: { connections: number; durationSeconds: number; rows: LoadRow[]; ceiling: string; lightest: string };
  weights: { name: string; url: string; weight: PageWeight | null; note?: string }[];
  lighthouse: { name: string; url: string; figures: LighthouseFigures | null; note?: string }[];
  slowResults: SlowResultsFigure[];
  targets: { target: string; actual: string; met: boolean | null }[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const both = (bytes: Bytes) => `${kb(bytes.raw)} / ${kb(bytes.gzip)}`;
const round = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "–");

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
}

export function toMarkdown(report: BenchReport): string {
  const { load } = report;
  const ceiling = load.rows.find((row) => row.name === load.ceiling)?.figures.requestsPerSecond ?? NaN;
  const lightest = load.rows.find((row) => row.name === load.lightest)?.figures.requestsPerSecond ?? NaN;
  const loadTable = table(
    ["Server", "Request", "req/s", "p50 ms", "p99 ms", "non-2xx/3xx", "× lightest page", "× ceiling", "CPU ms / request"],
    load.rows.map(({ name, request, figures, cpuMsPerRequest }) => [
      name,
      `\`${request}\``,
      round(figures.requestsPerSecond),
      round(figures.latencyP50Ms),
      round(figures.latencyP99Ms),
      String(figures.failures),
      round(figures.requestsPerSecond / lightest, 2),
      round(figures.requestsPerSecond / ceiling, 3),
      round(cpuMsPerRequest, 2),
    ]),
  );
  const weightTable = table(
    ["Page", "Status", "HTML raw / gzip", "JavaScript raw / gzip", "CSS raw / gzip", "Fonts raw / gzip", "Requests"],
    report.weights.map(({ name, weight, note }) =>
      weight
        ? [
            name,
            String(weight.status),
            both(weight.html),
            both(weight.javascript),
            both(weight.css),
            both(weight.fonts),
            String(weight.requests),
          ]
        : [name, note ?? "not measured", "", "", "", "", ""],
    ),
  );
  const lighthouseTable = table(
    ["Page", "Performance", "Accessibility", "Best practices", "LCP ms", "TBT ms", "CLS", "Requests", "Audits below 0.9"],
    report.lighthouse.map(({ name, figures, note }) =>
      figures
        ? [
            name,
            String(figures.performance),
            String(figures.accessibility),
            String(figures.bestPractices),
            round(figures.lcpMs),
            round(figures.tbtMs),
            round(figures.cls, 3),
            String(figures.networkRequests),
            figures.failedAudits.join(", ") || "none",
          ]
        : [name, note ?? "not measured", "", "", "", "", "", "", ""],
    ),
  );
  const targetTable = table(
    ["Target", "Measured", "Met"],
    report.targets.map(({ target, actual, met }) => [target, actual, met === null ? "not measured" : met ? "yes" : "**no**"]),
  );
  const { machine } = report;
  return [
    `# Portal benchmark — ${report.date}`,
    "",
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}.`,
    `Load: autocannon, ${load.connections} connections, ${load.durationSeconds} s per row after a warm-up, against 127.0.0.1; portal on server/index.ts with NODE_ENV=production.`,
    "CPU ms / request is the serving process's own CPU time (from /proc) over the requests it answered: it moves little when other work shares the cores, unlike requests per second.",
    "",
    "## Throughput and latency",
    "",
    loadTable,
    "",
    "## Dashboard with a slow results service (one request, time to first byte)",
    "",
    table(
      ["Results service", "Status", "First byte ms", "Page"],
      report.slowResults.map((figure) => [figure.name, String(figure.status), round(figure.timeToFirstByteMs), figure.page]),
    ),
    "",
    "## Page weight (everything the page loads)",
    "",
    weightTable,
    "",
    "## Lighthouse (mobile preset, system Chromium)",
    "",
    lighthouseTable,
    "",
    "## Targets",
    "",
    targetTable,
    "",
  ].join("\n");
}
