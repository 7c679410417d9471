/**
 * Each process's Node settings in one place (docs/operations.md, 'Memory'). By default V8's and glibc's
 * own limits; `MEMORY_PROFILE=small-server` bounds them at a CPU cost every participant pays (the
 * bounded portal spends about twice the CPU per dashboard, docs/decisions/041).
 */
import type { StackProcess } from "./process-files.ts";

/**
 * For a process that opens an embedded database itself (the launcher's services, the test and bench
 * stacks' services, vitest's workers): V8's baseline WebAssembly compiler only (docs/decisions/001).
 */
export const EMBEDDED_DATABASE_FLAGS = ["--liftoff-only"];

export const SMALL_SERVER_PROFILE = "small-server";

/** What every start of the process gets. */
const V8_FLAGS: Record<StackProcess, string[]> = {
  portal: [],
  identity: [],
  // Archives stream through many short-lived buffers; with V8's default young generation the process grew
  // by 54–81 MiB while writing a 200 MB exome into a ZIP, with it bounded at 2 MiB per semi-space by 8 MiB
  // (tests/platform/results/data-export-memory.test.ts, PostgreSQL server; nothing measurable with the
  // embedded database, whose own heap already holds that headroom).
  results: ["--max-semi-space-size=2"],
};

/**
 * The small-server profile's: a 4 MB young generation and a 96 MB old one keep the portal near 200 MB
 * under load instead of 350–550 MB; without Maglev's inlining its compile jobs leave less memory with
 * malloc; the identity provider's heap is bounded likewise.
 */
const SMALL_SERVER_FLAGS: Record<StackProcess, string[]> = {
  portal: ["--max-semi-space-size=4", "--max-old-space-size=96", "--no-maglev-inlining"],
  identity: ["--max-semi-space-size=1", "--max-old-space-size=160"],
  results: [],
};

/** Whether the operator chose the small-server profile; any other value is refused, never ignored. */
export function usesSmallServerProfile(env: NodeJS.ProcessEnv): boolean {
  const profile = env.MEMORY_PROFILE;
  if (profile === undefined || profile === "") return false;
  if (profile === SMALL_SERVER_PROFILE) return true;
  throw new Error(`MEMORY_PROFILE is "${profile}": set it to "${SMALL_SERVER_PROFILE}" or leave it unset`);
}

/** V8 flags for `process` (with the small-server profile's when asked), leaving out any the operator set in NODE_OPTIONS. */
export function memoryFlagsFor(process: StackProcess, nodeOptions = "", smallServer = false): string[] {
  const flags = [...V8_FLAGS[process], ...(smallServer ? SMALL_SERVER_FLAGS[process] : [])];
  return flags.filter((flag) => !nodeOptions.includes(flag.split("=")[0]!));
}

/** The environment of every launched process: under the profile, at most two malloc arenas unless the operator chose. */
export function memoryEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return usesSmallServerProfile(env) ? { MALLOC_ARENA_MAX: "2", ...env } : env;
}
