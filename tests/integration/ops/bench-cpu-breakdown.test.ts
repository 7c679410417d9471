import { describe, expect, it } from "vitest";
import { cpuByPackage, gapByPackage, type ProfiledLoad } from "../../../scripts/bench/cpu-breakdown.ts";
import type { CpuProfile } from "../../../scripts/bench/cpu-profile.ts";
import { cpuBreakdownSection } from "../../../scripts/bench/report.ts";

const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
  id,
  callFrame: { functionName, url, lineNumber: 0 },
  children,
});

/** Samples 1 ms apart from t = 0 µs: each entry is the node that was running. */
function profileOf(samples: number[]): CpuProfile {
  return {
    nodes: [
      frame(1, "(root)", "", [2, 3, 4, 5]),
      frame(2, "matchRoutes", "file:///app/node_modules/react-router/dist/index.js"),
      frame(3, "renderElement", "file:///app/node_modules/react-dom/server.js"),
      frame(4, "(garbage collector)", ""),
      frame(5, "(idle)", ""),
    ],
    samples,
    timeDeltas: samples.map(() => 1000),
    startTime: 0,
    endTime: samples.length * 1000,
  };
}

const load = (samples: number[], requests: number, window = { from: 0, to: samples.length * 1000 }): ProfiledLoad => ({
  profile: profileOf(samples),
  window,
  figures: { requestsPerSecond: 0, latencyP50Ms: 0, latencyP99Ms: 0, latencyP99OpenMs: 0, requests, failures: 0, statusCounts: {} },
  callsCpuMs: [],
});

describe("the bench's CPU by package", () => {
  it("counts only the measured window's busy samples, per answered request", () => {
    // 2 ms of start-up before the window, then 4 ms of React Router, 2 of React DOM, 2 of GC and 2 idle, for 4 requests.
    const costs = cpuByPackage(load([2, 2, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5], 4, { from: 2500, to: 12_000 }));
    expect(costs.msPerRequest).toBe(2);
    expect(costs.byPackage).toEqual({ "react-router": 1, "react-dom": 0.5, "(garbage collector)": 0.5 });
  });

  it("puts the packages that cost the page most beyond the floor first, and the rest in one row that adds up", () => {
    const floor = { requests: 10, msPerRequest: 1, byPackage: { "react-router": 0.2, "react-dom": 0.1, node: 0.3, pino: 0.4 } };
    const page = {
      requests: 10,
      msPerRequest: 2.5,
      byPackage: { "react-router": 0.6, "react-dom": 0.9, node: 0.4, pino: 0.4, build: 0.2 },
    };
    const gaps = gapByPackage(floor, page, 2);
    expect(gaps.map(({ name }) => name)).toEqual(["react-dom", "react-router", "other"]);
    const other = gaps.at(-1)!;
    expect(other.floorMs).toBeCloseTo(0.7);
    expect(other.pageMs).toBeCloseTo(1.0);
    expect(gaps.reduce((sum, { pageMs }) => sum + pageMs, 0)).toBeCloseTo(2.5);
  });

  it("prints the gap with its parts, or why it was not measured", () => {
    const floor = { requests: 10, msPerRequest: 1, byPackage: { "react-router": 0.25, node: 0.75 } };
    const page = { requests: 10, msPerRequest: 2.5, byPackage: { "react-router": 1, node: 1, build: 0.5 } };
    const loadFigures = { connections: 50, durationSeconds: 5, rounds: 3, rows: [] };
    const section = cpuBreakdownSection({ seconds: 8, floor, lightest: page }, loadFigures).join("\n");
    expect(section).toContain("| react-router | 0.25 | 1.00 | 0.75 |");
    expect(section).toContain("| build (the app's own server code) | 0.00 | 0.50 | 0.50 |");
    expect(section).toContain("| **All** | 1.00 | 2.50 | 1.50 |");
    expect(cpuBreakdownSection({ note: "not measured: the floor exited" }, loadFigures).join("\n")).toContain("the floor exited");
  });
});
