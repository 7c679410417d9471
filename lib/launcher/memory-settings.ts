/**
 * Each process's Node settings, in one place (docs/operations.md, 'Node settings'): the V8 flags and
 * the environment every launcher, suite and bench starts it with (process-command.ts puts them in
 * front of the file it runs), and the flags of a process that opens an embedded database.
 *
 * How the launcher bounds each process's memory, so the whole embedded stack fits a small server.
 * Measured with `npm start` on this 2-core machine (VmRSS a few seconds after the first page):
 * V8's default young generation (up to 3 × 16 MB semi-spaces) stays committed at rest, and glibc
 * keeps one malloc arena per thread that ever allocated (V8's compiler and GC threads), each holding
 * freed memory. The portal's old generation is capped because under 50 connections of load V8 let
 * it grow to 460–540 MB before collecting; its live data is a few tens of megabytes.
 */
export type LaunchedProcess = "portal" | "identity" | "results";

// The launcher's own (it holds the embedded database) are in package.json's start script:
// `--max-semi-space-size=1`, MALLOC_ARENA_MAX=2, Node's own type stripping instead of tsx's loader
// (about 40 MB), and `--liftoff-only`: the database's WebAssembly stays on V8's baseline compiler,
// whose code is 60–90 MB smaller than the optimised code it would grow into, for 15–30 % more CPU
// per statement (0.48–0.57 → 0.65 ms per upsert and read by key, measured on a busy machine).
/**
 * For a process that opens an embedded database itself (the launcher's is in package.json; the test
 * and bench stacks' services and vitest's workers take these): V8's baseline WebAssembly compiler only.
 */
export const EMBEDDED_DATABASE_FLAGS = ["--liftoff-only"];

const V8_FLAGS: Record<LaunchedProcess, string[]> = {
  // A 2 MB young generation cost a fifth of the dashboard's throughput (scavenges). 4 MB with a 96 MB old
  // generation keeps the portal near 215 MB instead of 350–550 MB for 0.72–0.90 × the dashboards of V8's own limits;
  // every smaller setting measured lost a third or more of them (docs/performance.md).
  // No Maglev inlining: its compile jobs' memory stayed with malloc after they ended (V8's malloc peak after a
  // minute of load 40–48 MB, 34–36 without it). Without it the portal ended a minute of dashboard load at
  // 183–189 MB (4 runs) against 191–206 MB (9 runs), for the same CPU per request (5.5–6.8 ms against 5.8–6.9;
  // docs/performance.md).
  portal: ["--max-semi-space-size=4", "--max-old-space-size=96", "--no-maglev-inlining"],
  identity: ["--max-semi-space-size=1", "--max-old-space-size=160"],
  // Archives stream through many short-lived buffers; with V8's default young generation the process grew
  // by 54–81 MiB while writing a 200 MB exome into a ZIP, with it bounded at 2 MiB per semi-space by 8 MiB
  // (tests/platform/results/data-export-memory.test.ts, PostgreSQL server; nothing measurable with the
  // embedded database, whose own heap already holds that headroom).
  results: ["--max-semi-space-size=2"],
};

/** V8 flags for `process`, leaving out any the operator already set in NODE_OPTIONS. */
export function memoryFlagsFor(process: LaunchedProcess, nodeOptions = ""): string[] {
  return V8_FLAGS[process].filter((flag) => !nodeOptions.includes(flag.split("=")[0]!));
}

/** The environment every launched process gets: at most two malloc arenas, unless the operator chose. */
export function memoryEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { MALLOC_ARENA_MAX: "2", ...env };
}
