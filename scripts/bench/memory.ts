import { readdirSync, readFileSync } from "node:fs";

/** Resident memory of process `pid` in MB (VmRSS from /proc), or NaN where /proc is not available. */
export function residentMegabytesOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** `pid` and every process below it (children, grandchildren…), from /proc; empty where /proc is not available. */
export function processTreeOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      // The command name (field 2) is in parentheses and may hold spaces: the parent id follows the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while being read
    }
  }
  const tree: number[] = [];
  const visit = (current: number) => {
    tree.push(current);
    for (const child of parents.get(current) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** The command line of `pid` (for naming what a tree's memory belongs to). */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
  } catch {
    return "";
  }
}
