/** One autocannon run against one URL, reduced to the figures the fault suites and the bench read. */
import autocannon from "autocannon";

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
}

export interface LoadFigures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  /** Answers that were neither 2xx nor 3xx, plus connection errors and timeouts. */
  failures: number;
  statusCounts: Record<"2xx" | "3xx" | "4xx" | "5xx" | "errors" | "timeouts", number>;
}

export async function measureLoad(target: LoadTarget, options: { connections: number; durationSeconds: number }): Promise<LoadFigures> {
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 15,
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result["1xx"] + result["4xx"] + result["5xx"] + result.errors + result.timeouts,
    statusCounts: {
      "2xx": result["2xx"],
      "3xx": result["3xx"],
      "4xx": result["4xx"],
      "5xx": result["5xx"],
      errors: result.errors,
      timeouts: result.timeouts,
    },
  };
}
