/**
 * CPU time a process has used (user + system), from /proc. Unlike requests per second, CPU time
 * per request hardly moves when other work shares the machine's cores, so runs taken at different
 * times can be compared.
 */
import { readFileSync } from "node:fs";

// Linux reports in clock ticks; USER_HZ is 100 on every supported architecture.
const TICKS_PER_SECOND = 100;

/** Milliseconds of CPU used so far by process `pid`, or NaN where /proc is not available. */
export function cpuMillisecondsOf(pid: number | undefined): number {
  return pid === undefined ? Number.NaN : cpuMillisecondsIn(`/proc/${pid}/stat`);
}

/** The CPU time in a /proc `stat` file: a process's, or one thread's (/proc/<pid>/task/<tid>/stat). */
export function cpuMillisecondsIn(statFile: string): number {
  try {
    const stat = readFileSync(statFile, "utf8");
    // Fields after the command name (which may hold spaces) start at ")"; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
