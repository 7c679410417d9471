/**
 * The stack's memory settings. By default every process runs with V8's and glibc's own limits. An
 * operator of a small server opts in to a profile that bounds each process (`MEMORY_PROFILE=small-server`,
 * docs/operations.md), at a CPU cost every participant pays: on a PostgreSQL server the bounded
 * portal spends more CPU per dashboard than an unbounded one (docs/performance.md).
 */
export type LaunchedProcess = "portal" | "identity" | "results";

/**
 * For a process that opens an embedded database itself (the launcher's services, the test and bench
 * stacks' services, vitest's workers): V8's baseline WebAssembly compiler only (docs/decisions/001).
 */
export const EMBEDDED_DATABASE_FLAGS = ["--liftoff-only"];

export const SMALL_SERVER_PROFILE = "small-server";

/**
 * The small-server profile's V8 flags: a 4 MB young generation and a 96 MB old one keep the portal
 * near 200 MB under load instead of 350–550 MB; without Maglev's inlining its compile jobs leave less
 * memory with malloc; the identity provider's heap is bounded likewise.
 */
const SMALL_SERVER_FLAGS: Record<LaunchedProcess, string[]> = {
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

/** The profile's V8 flags for `process`, leaving out any the operator set in NODE_OPTIONS; none by default. */
export function memoryFlagsFor(process: LaunchedProcess, env: NodeJS.ProcessEnv): string[] {
  if (!usesSmallServerProfile(env)) return [];
  return SMALL_SERVER_FLAGS[process].filter((flag) => !(env.NODE_OPTIONS ?? "").includes(flag.split("=")[0]!));
}

/** The environment of every launched process: under the profile, at most two malloc arenas unless the operator chose. */
export function memoryEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return usesSmallServerProfile(env) ? { MALLOC_ARENA_MAX: "2", ...env } : env;
}
