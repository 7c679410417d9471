import { Writable } from "node:stream";
import { pino } from "pino";

/** A pino logger whose JSON lines are kept in memory so tests can read what would be logged. */
export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      callback();
    },
  });
  return { logger: pino({ level: "info", base: { service: "results" } }, stream), lines };
}
