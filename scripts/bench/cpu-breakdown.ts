/**
 * Where a server's CPU goes under load, by package: the server runs under V8's sampling profiler
 * (`--cpu-prof`), is warmed up, then loaded for a measured window; only the window's samples count.
 * The bench puts the lightest page and the dashboard beside the framework floor this way, so the gaps
 * between them are printed with their parts in every run. The profiler adds its own cost to each alike.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monotonicMicros, readProfile, summarizeProfile, type CpuProfile } from "./cpu-profile.ts";
import { measureLoad, type LoadFigures, type LoadTarget } from "./load.ts";
import { cpuMillisecondsOf } from "./process-cpu.ts";

/** A server started with the profiler's Node arguments; stopping it (its process exits) writes the profile. */
export interface ProfiledServer {
  target: LoadTarget;
  /** Processes it calls (a stack's results service…), whose CPU over the window is read too. */
  calls?: { name: string; pid: number | undefined }[];
  stop(): Promise<void>;
}

export interface LoadOptions {
  connections: number;
  warmUpSeconds: number;
  durationSeconds: number;
}

export interface ProfiledLoad {
  profile: CpuProfile;
  window: { from: number; to: number };
  figures: LoadFigures;
  /** CPU ms each of the server's `calls` used over the window. */
  callsCpuMs: { name: string; ms: number }[];
}

/** Starts the server with a profile directory of its own, loads it, stops it and reads its profile. */
export async function profileUnderLoad(
  start: (profileNodeArgs: string[]) => Promise<ProfiledServer>,
  { connections, warmUpSeconds, durationSeconds }: LoadOptions,
): Promise<ProfiledLoad> {
  const profileDir = mkdtempSync(path.join(tmpdir(), "bench-cpu-profile-"));
  try {
    const server = await start(["--cpu-prof", `--cpu-prof-dir=${profileDir}`]);
    const calls = server.calls ?? [];
    let measured: Omit<ProfiledLoad, "profile">;
    try {
      await measureLoad(server.target, { connections, durationSeconds: warmUpSeconds });
      const cpuBefore = calls.map(({ pid }) => cpuMillisecondsOf(pid));
      const from = monotonicMicros();
      const figures = await measureLoad(server.target, { connections, durationSeconds });
      const to = monotonicMicros();
      const callsCpuMs = calls.map(({ name, pid }, index) => ({ name, ms: cpuMillisecondsOf(pid) - cpuBefore[index]! }));
      measured = { window: { from, to }, figures, callsCpuMs };
    } finally {
      await server.stop();
    }
    const [file] = readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("the profiled server wrote no profile");
    return { profile: readProfile(path.join(profileDir, file)), ...measured };
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
  }
}

/** CPU per answered request: in all, each package's own share ("node" for Node's built-ins), and each called process's. */
export interface CpuByPackage {
  requests: number;
  msPerRequest: number;
  byPackage: Record<string, number>;
  /** The processes the server called (its `calls`), all their threads, from /proc. */
  callsMsPerRequest: Record<string, number>;
}

export function cpuByPackage({ profile, window, figures, callsCpuMs }: ProfiledLoad): CpuByPackage {
  const summary = summarizeProfile(profile, { window, count: Number.POSITIVE_INFINITY });
  const requests = Math.max(figures.requests, 1);
  return {
    requests: figures.requests,
    msPerRequest: summary.busyMs / requests,
    byPackage: Object.fromEntries(summary.byPackage.map(({ name, ms }) => [name, ms / requests])),
    callsMsPerRequest: Object.fromEntries(callsCpuMs.map(({ name, ms }) => [name, ms / requests])),
  };
}

export interface PackageRow {
  name: string;
  /** ms per request in each column, in the order the columns were given. */
  ms: number[];
}

/**
 * One row per package, the packages that cost the last column most beyond the first (the floor)
 * first; every other package in one "other" row, so each column's rows add up to its total.
 */
export function rowsByPackage(columns: CpuByPackage[], shown = 8): PackageRow[] {
  const names = [...new Set(columns.flatMap((column) => Object.keys(column.byPackage)))];
  const gap = ({ ms }: PackageRow) => ms.at(-1)! - ms[0]!;
  const rows = names.map((name) => ({ name, ms: columns.map((column) => column.byPackage[name] ?? 0) })).sort((a, b) => gap(b) - gap(a));
  const rest = rows.slice(shown);
  if (rest.length === 0) return rows;
  return [...rows.slice(0, shown), { name: "other", ms: columns.map((_, index) => rest.reduce((sum, row) => sum + row.ms[index]!, 0)) }];
}
