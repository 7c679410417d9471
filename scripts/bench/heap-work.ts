/**
 * What a V8 heap setting costs, seen from outside the process: its main thread's CPU apart from its
 * other threads' (V8's collector and compiler helpers, libuv's pool), from /proc, and the collections
 * V8 reports with `--trace-gc` on the process's output. The bench reads both for the default portal
 * and the small-server profile's in the same rounds, so the profile's cost is printed with its parts.
 */
import { cpuMillisecondsIn, cpuMillisecondsOf } from "./process-cpu.ts";

/** The V8 flag whose lines `collectionsIn` reads. */
export const TRACE_GC_FLAG = "--trace-gc";

/** CPU ms used so far by the process's main thread (its thread id is its pid), or NaN. */
export function mainThreadCpuMillisecondsOf(pid: number | undefined): number {
  return pid === undefined ? Number.NaN : cpuMillisecondsIn(`/proc/${pid}/task/${pid}/stat`);
}

export interface ThreadsCpu {
  mainMs: number;
  otherMs: number;
}

/** A reading to subtract from a later one: the main thread's CPU and the rest of the process's. */
export function threadsCpuOf(pid: number | undefined): ThreadsCpu {
  const mainMs = mainThreadCpuMillisecondsOf(pid);
  return { mainMs, otherMs: cpuMillisecondsOf(pid) - mainMs };
}

export interface Collections {
  scavenges: number;
  markCompacts: number;
  /** The main thread's time in them: each pause, and a mark-compact's incremental marking steps before it. */
  mainThreadMs: number;
}

// "Scavenge 10.2 (12.3) -> 9.8 (13.3) MB, pooled: 0.0 MB, 1.23 / 0.00 ms" and "Mark-Compact … MB, 8.12 / 0.00 ms
// (+ 12.3 ms in 45 steps since start of marking, …)". Minor Mark-Sweep is V8's other young-generation collector.
const TRACE_LINE =
  /(Scavenge|Minor Mark-Sweep|Mark-Compact)\b[^\n]*?MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms(?:\s+\(\+ ([\d.]+) ms in)?/g;

/** The collections in a stretch of `--trace-gc` output. */
export function collectionsIn(output: string): Collections {
  const collections: Collections = { scavenges: 0, markCompacts: 0, mainThreadMs: 0 };
  for (const [, kind, pauseMs, markingMs] of output.matchAll(TRACE_LINE)) {
    if (kind === "Mark-Compact") collections.markCompacts += 1;
    else collections.scavenges += 1;
    collections.mainThreadMs += Number(pauseMs) + Number(markingMs ?? 0);
  }
  return collections;
}
