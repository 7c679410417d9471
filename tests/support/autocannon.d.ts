// autocannon ships no types: what the suites and the bench use of it.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
  }
  interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }
  export default function autocannon(options: {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    timeout?: number;
  }): Instance;
}
