/** The bench's figures, their spread, and the report printed and written as Markdown. */
import type { LoadFigures } from "../../tests/support/load.ts";
import type { LighthouseFigures } from "./lighthouse-run.ts";

/** A figure measured several times: its median and its spread (lowest to highest). */
export function spreadOf(values: readonly number[]) {
  const finite = values.filter(Number.isFinite).toSorted((a, b) => a - b);
  if (finite.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const middle = Math.floor(finite.length / 2);
  const median = finite.length % 2 ? finite[middle]! : (finite[middle - 1]! + finite[middle]!) / 2;
  return { median, min: finite[0]!, max: finite.at(-1)! };
}

type Spread = ReturnType<typeof spreadOf>;

/** "3.27 (3.10–3.41)": the median, then the spread. */
function formatSpread(spread: Spread, digits = 0): string {
  if (!Number.isFinite(spread.median)) return "–";
  return `${spread.median.toFixed(digits)} (${spread.min.toFixed(digits)}–${spread.max.toFixed(digits)})`;
}

export type Round = Pick<LoadFigures, "requestsPerSecond" | "latencyP99Ms" | "failures"> & { portalCpuMsPerRequest: number };

export interface BenchReport {
  date: string;
  machine: { cpus: number; node: string; loadAverage: { atStart: number; atEnd: number } };
  wallSeconds: number;
  lighthouse: { name: string; path: string; runs: LighthouseFigures[] }[];
  /** The whole embedded stack (`npm start`) at rest: the samples' sums, and each process's median. */
  stackAtRest: { totalMb: Spread; processes: { name: string; mb: number }[] };
  /** The dashboard on a PostgreSQL server, default settings and the small-server profile, interleaved rounds. */
  dashboardCpu: { note: string } | { connections: number; roundSeconds: number; byDefault: Round[]; smallServer: Round[]; ratio: Spread };
}

const GOALS = { lcpMs: 1_200, tbtMs: 50, stackAtRestMb: 800, cpuRatio: 0.8 };

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
}

export function toMarkdown(report: BenchReport): string {
  const { machine } = report;
  const lighthouse = table(
    ["Page", "Performance 100", `LCP ≤ ${GOALS.lcpMs / 1000} s`, "Performance", "LCP ms", "TBT ms", "Layout shift (max)"],
    report.lighthouse.map(({ name, runs }) => [
      name,
      `${runs.filter((run) => run.performance === 100).length} of ${runs.length}`,
      `${runs.filter((run) => run.lcpMs <= GOALS.lcpMs).length} of ${runs.length}`,
      formatSpread(spreadOf(runs.map((run) => run.performance))),
      formatSpread(spreadOf(runs.map((run) => run.lcpMs))),
      formatSpread(spreadOf(runs.map((run) => run.tbtMs))),
      spreadOf(runs.map((run) => run.cls)).max.toFixed(3),
    ]),
  );
  const repeated = report.lighthouse.flatMap(({ name, runs }) => runs.flatMap((run) => run.repeated.map((why) => `${name} (${why})`)));
  const cpu = report.dashboardCpu;
  const cpuSection =
    "note" in cpu
      ? `Not measured: ${cpu.note}.`
      : [
          `${cpu.byDefault.length} interleaved rounds of ${cpu.roundSeconds} s, ${cpu.connections} connections, \`GET /\` signed in.`,
          "",
          table(
            ["Portal", "CPU ms / request", "req/s", "p99 ms", "Failed"],
            (
              [
                ["Default settings", cpu.byDefault],
                ["Small-server profile", cpu.smallServer],
              ] as const
            ).map(([name, rounds]) => [
              name,
              formatSpread(spreadOf(rounds.map((round) => round.portalCpuMsPerRequest)), 2),
              formatSpread(spreadOf(rounds.map((round) => round.requestsPerSecond))),
              formatSpread(spreadOf(rounds.map((round) => round.latencyP99Ms))),
              String(rounds.reduce((sum, round) => sum + round.failures, 0)),
            ]),
          ),
          "",
          `Default over small-server, round by round: ${formatSpread(cpu.ratio, 2)} × (goal ≤ ${GOALS.cpuRatio} ×).`,
        ].join("\n");
  return [
    `# npm run bench, ${report.date}`,
    "",
    `${machine.cpus} CPUs, Node ${machine.node}, load average ${machine.loadAverage.atStart.toFixed(2)} at the start and ${machine.loadAverage.atEnd.toFixed(2)} at the end; ${Math.round(report.wallSeconds)} s in all.`,
    "",
    "## Lighthouse, mobile (median, lowest–highest)",
    "",
    lighthouse,
    "",
    `Attempts run again because Lighthouse measured nothing or not every metric: ${repeated.length ? repeated.join(", ") : "none"}.`,
    "",
    "## The dashboard's portal CPU on a PostgreSQL server",
    "",
    cpuSection,
    "",
    "## The whole embedded stack (`npm start`) at rest",
    "",
    `${formatSpread(report.stackAtRest.totalMb)} MB (goal ≤ ${GOALS.stackAtRestMb} MB); by process (median): ${report.stackAtRest.processes
      .map(({ name, mb }) => `${name} ${mb.toFixed(0)} MB`)
      .join(", ")}.`,
    "",
  ].join("\n");
}
