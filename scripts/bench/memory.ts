import { readFileSync } from "node:fs";

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
