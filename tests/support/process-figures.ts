/** What /proc says of a process (the bench and the memory suites): its CPU time, its resident memory and the processes below it. */
import { readdirSync, readFileSync } from "node:fs";

// Linux reports in clock ticks; USER_HZ is 100 on every supported architecture.
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces, inside parentheses). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/**
 * Milliseconds of CPU (user + system) used so far by `pid`. Unlike requests per second, CPU time per
 * request hardly moves when other work shares the machine's cores.
 */
export function cpuMillisecondsOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Resident memory of `pid` in MB (VmRSS), or NaN when it is gone. */
export function residentMegabytesOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** `pid` and every process below it. */
function processTreeOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const parent = Number(statFields(Number(entry))[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while being read
    }
  }
  const tree: number[] = [];
  const visit = (current: number) => {
    tree.push(current);
    for (const child of children.get(current) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** The summed resident memory of `pid` and every process below it, in MB. */
export function treeMegabytesOf(pid: number): number {
  return processTreeOf(pid).reduce((sum, member) => sum + (residentMegabytesOf(member) || 0), 0);
}
