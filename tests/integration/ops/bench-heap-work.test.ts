import { describe, expect, it } from "vitest";
import { collectionsIn, threadsCpuOf } from "../../../scripts/bench/heap-work.ts";
import { heapWorkTable, type LoadRow, type RoundFigures } from "../../../scripts/bench/report.ts";

// Lines as Node 24's V8 prints them with --trace-gc, between the portal's own log lines.
const trace = [
  "[4242:0x5581c0]    21 ms: Scavenge 4.8 (5.8) -> 4.4 (6.8) MB, pooled: 0 MB, 1.19 / 0.00 ms  (average mu = 1.000, current mu = 1.000) allocation failure; ",
  '{"level":40,"msg":"results service slow"}',
  "[4242:0x5581c0]    58 ms: Mark-Compact 18.5 (20.6) -> 15.3 (19.0) MB, pooled: 0 MB, 3.63 / 0.00 ms  (+ 2.4 ms in 31 steps since start of marking, biggest step 0.2 ms, walltime since start of marking 18 ms) (average mu = 0.903, current mu = 0.903) finalize incremental marking via stack guard; GC in old space requested",
  "[4242:0x5581c0]    70 ms: Scavenge 6.1 (8.0) -> 5.2 (8.0) MB, pooled: 0.5 MB, 0.81 / 0.00 ms  (average mu = 0.950, current mu = 0.990) allocation failure; ",
].join("\n");

describe("the bench's view of the heap's work", () => {
  it("counts V8's collections and the main thread's time in them, marking steps included", () => {
    const collections = collectionsIn(trace);
    expect(collections.scavenges).toBe(2);
    expect(collections.markCompacts).toBe(1);
    expect(collections.mainThreadMs).toBeCloseTo(1.19 + 3.63 + 2.4 + 0.81);
    expect(collectionsIn('{"level":30,"msg":"listening"}')).toEqual({ scavenges: 0, markCompacts: 0, mainThreadMs: 0 });
  });

  it("splits a live process's CPU between its main thread and the rest", () => {
    const { mainMs, otherMs } = threadsCpuOf(process.pid);
    expect(mainMs).toBeGreaterThan(0);
    expect(otherMs).toBeGreaterThanOrEqual(0);
    expect(threadsCpuOf(undefined).mainMs).toBeNaN();
  });

  it("prints the bounded and the unbounded portal's heap work side by side, median and spread over the rounds", () => {
    const round = (mainThreadMsPerRequest: number, markCompactsPerRequest: number): RoundFigures => ({
      requestsPerSecond: 100,
      latencyP50Ms: 0,
      latencyP99Ms: 0,
      latencyP99OpenMs: 0,
      requests: 500,
      failures: 0,
      statusCounts: {},
      cpuMsPerRequest: 0,
      heapWork: {
        mainThreadMsPerRequest,
        otherThreadsMsPerRequest: 1.5,
        scavengesPerRequest: 0.3,
        markCompactsPerRequest,
        collectorMainThreadMsPerRequest: 0.5,
      },
    });
    const rows: LoadRow[] = [
      { name: "Dashboard, demo data", request: "GET /", rounds: [round(4, 0.02), round(5, 0.03), round(6, 0.04)] },
      { name: "Without a trace", request: "GET /", rounds: [{ ...round(1, 0), heapWork: undefined }] },
    ];
    const printed = heapWorkTable(rows).join("\n");
    expect(printed).toContain(
      "| Dashboard, demo data | 5.00 (4.00–6.00) | 1.50 (1.50–1.50) | 30.0 (30.0–30.0) | 3.00 (2.00–4.00) | 0.50 (0.50–0.50) |",
    );
    expect(printed).not.toContain("Without a trace");
    expect(heapWorkTable([rows[1]!])).toEqual([]);
  });
});
