import { describe, expect, it } from "vitest";
import { cpuByPackage, rowsByPackage, type ProfiledLoad } from "../../../scripts/bench/cpu-breakdown.ts";
import { packageOf, type CpuProfile } from "../../../scripts/bench/cpu-profile.ts";
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
  callsCpuMs: [{ name: "results", ms: 1 }],
});

describe("the bench's CPU by package", () => {
  it("counts only the measured window's busy samples, per answered request", () => {
    // 2 ms of start-up before the window, then 4 ms of React Router, 2 of React DOM, 2 of GC and 2 idle, for 4 requests.
    const costs = cpuByPackage(load([2, 2, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5], 4, { from: 2500, to: 12_000 }));
    expect(costs.msPerRequest).toBe(2);
    expect(costs.byPackage).toEqual({ "react-router": 1, "react-dom": 0.5, "(garbage collector)": 0.5 });
    expect(costs.callsMsPerRequest).toEqual({ results: 0.25 });
  });

  it("names the server file around the app one package, bundled or run as source", () => {
    expect(packageOf("file:///srv/portal/build/portal-server.js")).toBe("edge");
    expect(packageOf("file:///srv/portal/server/middleware/request-guard.ts")).toBe("edge");
    expect(packageOf("file:///srv/portal/lib/logging/redact.ts")).toBe("edge");
    expect(packageOf("file:///srv/portal/build/server/index.js")).toBe("build");
    expect(packageOf("file:///srv/portal/node_modules/@react-router/express/dist/index.js")).toBe("@react-router/express");
    expect(packageOf("node:_http_server")).toBe("node");
    expect(packageOf("wasm://wasm/022a9842")).toBe("wasm");
  });

  it("puts the packages that cost the last page most beyond the floor first, and the rest in one row that adds up", () => {
    const floor = {
      requests: 10,
      msPerRequest: 1,
      byPackage: { "react-router": 0.2, "react-dom": 0.1, node: 0.3, pino: 0.4 },
      callsMsPerRequest: {},
    };
    const lightest = {
      requests: 10,
      msPerRequest: 1.5,
      byPackage: { "react-router": 0.5, "react-dom": 0.3, node: 0.3, pino: 0.4 },
      callsMsPerRequest: {},
    };
    const dashboard = {
      requests: 10,
      msPerRequest: 2.5,
      byPackage: { "react-router": 0.6, "react-dom": 0.9, node: 0.4, pino: 0.4, build: 0.2 },
      callsMsPerRequest: { results: 0.2 },
    };
    const rows = rowsByPackage([floor, lightest, dashboard], 2);
    expect(rows.map(({ name }) => name)).toEqual(["react-dom", "react-router", "other"]);
    expect(rows[0]!.ms).toEqual([0.1, 0.3, 0.9]);
    const other = rows.at(-1)!.ms;
    expect(other[0]).toBeCloseTo(0.7);
    expect(other[1]).toBeCloseTo(0.7);
    expect(other[2]).toBeCloseTo(1.0);
    expect(rows.reduce((sum, { ms }) => sum + ms[2]!, 0)).toBeCloseTo(2.5);
  });

  it("prints the gaps with their parts and the services the pages call, or why they were not measured", () => {
    const floor = { requests: 10, msPerRequest: 1, byPackage: { "react-router": 0.25, node: 0.75 }, callsMsPerRequest: {} };
    const page = {
      requests: 10,
      msPerRequest: 2.5,
      byPackage: { "react-router": 1, node: 1, build: 0.5 },
      callsMsPerRequest: { results: 0.19 },
    };
    const loadFigures = { connections: 50, durationSeconds: 5, rounds: 3, rows: [] };
    const servers = [
      { name: "Framework floor", costs: floor },
      { name: "Dashboard", costs: page },
    ];
    const section = cpuBreakdownSection({ seconds: 8, servers }, loadFigures).join("\n");
    expect(section).toContain("| Package | Framework floor, ms / request | Dashboard, ms / request |");
    expect(section).toContain("| react-router | 0.25 | 1.00 |");
    expect(section).toContain("| build (the app's own server code) | 0.00 | 0.50 |");
    expect(section).toContain("| **All, in the serving process** | 1.00 | 2.50 |");
    expect(section).toContain("| results service (its own process) | 0.00 | 0.19 |");
    expect(cpuBreakdownSection({ note: "not measured: the floor exited" }, loadFigures).join("\n")).toContain("the floor exited");
  });
});
