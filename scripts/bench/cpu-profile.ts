/**
 * Reads a V8 `.cpuprofile` (written by `node --cpu-prof`) and tells where the CPU went: self time
 * by package, the functions with the most self time, and the functions most often on the stack.
 */
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface Share {
  name: string;
  ms: number;
  percent: number;
}

export interface ProfileSummary {
  /** Sampled time in ms, idle excluded. */
  busyMs: number;
  idleMs: number;
  byPackage: Share[];
  selfByFunction: Share[];
  /** Time with the function anywhere on the stack (each sample counted once per function). */
  inclusiveByFunction: Share[];
}

/**
 * "react-dom", "react-router" (the framework: node_modules/react-router), "build" (the portal's own
 * server build, build/server/index.js, which Vite bundles the app's code into), "edge" (the server
 * file around it: server/ and lib/, bundled into build/portal-server.js or run as source by the bench's
 * floor), "wasm" (WebAssembly: the embedded database's PostgreSQL), "node" (built-ins)…
 */
export function packageOf(url: string): string {
  if (!url) return "(native)";
  if (url.startsWith("node:")) return "node";
  if (url.startsWith("wasm://")) return "wasm";
  const inModules = url.lastIndexOf("/node_modules/");
  if (inModules >= 0) {
    const [first, second] = url.slice(inModules + "/node_modules/".length).split("/");
    return first!.startsWith("@") ? `${first}/${second}` : first!;
  }
  if (url.includes("/build/server/")) return "build";
  if (url.endsWith("/build/portal-server.js") || /\/(server|lib)\/.+\.ts$/.test(url)) return "edge";
  return url.replace(/^file:\/\//, "");
}

function frameName(frame: CallFrame): string {
  const file = frame.url.split("/").slice(-1)[0] || "(native)";
  return `${frame.functionName || "(anonymous)"} ${packageOf(frame.url)}:${file}:${frame.lineNumber + 1}`;
}

function top(totals: Map<string, number>, busyMs: number, count: number): Share[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms: Math.round(ms), percent: Math.round((1000 * ms) / busyMs) / 10 }));
}

const IDLE = new Set(["(idle)", "(program)", "(garbage collector)"]);

/** Monotonic microseconds, the clock V8 stamps its samples with (as process.hrtime). */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

export interface SummaryOptions {
  /** Only samples taken in this window (monotonic µs), e.g. while the load ran. */
  window?: { from: number; to: number };
  count?: number;
}

export function summarizeProfile(profile: CpuProfile, { window, count = 25 }: SummaryOptions = {}): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

  const selfByPackage = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busyMs = 0;
  let idleMs = 0;
  const add = (totals: Map<string, number>, key: string, ms: number) => totals.set(key, (totals.get(key) ?? 0) + ms);

  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (window && (at < window.from || at > window.to)) return;
    const ms = delta / 1000;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)") {
      idleMs += ms;
      return;
    }
    busyMs += ms;
    // Garbage collection and "program" are kept as their own rows: they are real CPU.
    add(selfByPackage, IDLE.has(node.callFrame.functionName) ? node.callFrame.functionName : packageOf(node.callFrame.url), ms);
    add(selfByFunction, frameName(node.callFrame), ms);
    const onStack = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
      onStack.add(frameName(byId.get(current)!.callFrame));
    }
    for (const name of onStack) add(inclusive, name, ms);
  });

  return {
    busyMs: Math.round(busyMs),
    idleMs: Math.round(idleMs),
    byPackage: top(selfByPackage, busyMs, count),
    selfByFunction: top(selfByFunction, busyMs, count),
    inclusiveByFunction: top(inclusive, busyMs, count * 2),
  };
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
}

export function formatSummary(summary: ProfileSummary, requests: number): string {
  const perRequest = requests > 0 ? ` — ${(summary.busyMs / requests).toFixed(2)} ms of CPU per request over ${requests} requests` : "";
  const rows = (shares: Share[]) =>
    shares.map(({ name, ms, percent }) => `  ${String(ms).padStart(7)} ms ${String(percent).padStart(5)} %  ${name}`).join("\n");
  return [
    `busy ${summary.busyMs} ms, idle ${summary.idleMs} ms${perRequest}`,
    "self time by package:",
    rows(summary.byPackage),
    "self time by function:",
    rows(summary.selfByFunction),
    "on the stack (inclusive):",
    rows(summary.inclusiveByFunction),
  ].join("\n");
}

/** The heaviest stacks (innermost frames first) whose self time is in `functionName`. */
export function stacksOf(profile: CpuProfile, functionName: string, { window, count = 8 }: SummaryOptions = {}): Share[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const totals = new Map<string, number>();
  let busyMs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (window && (at < window.from || at > window.to)) return;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)") return;
    busyMs += delta / 1000;
    if (node.callFrame.functionName !== functionName) return;
    const frames: string[] = [];
    for (let current: number | undefined = id; current !== undefined && frames.length < 12; current = parentOf.get(current)) {
      frames.push(frameName(byId.get(current)!.callFrame));
    }
    const key = frames.join(" < ");
    totals.set(key, (totals.get(key) ?? 0) + delta / 1000);
  });
  return top(totals, busyMs, count);
}
