/** One autocannon run against one URL, reduced to the figures the bench reports. */
import autocannon from "autocannon";

export interface LoadTarget {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadFigures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /**
   * The p99 of the answers on connections already open: every answer but each connection's first.
   * A connection's first request also waits for the server to accept the connection, which under
   * load is most of a round's p99 (docs/performance.md, "What `npm run bench` measures").
   */
  latencyP99OpenMs: number;
  requests: number;
  /** Answers that were neither 2xx nor 3xx, plus connection errors and timeouts. */
  failures: number;
  statusCounts: Record<string, number>;
}

interface AutocannonResult {
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

type RunLoad = (options: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  timeout?: number;
  setupClient?: (client: AutocannonConnection) => void;
}) => Promise<AutocannonResult>;

/** What the bench reads of autocannon's connection: its answers, and the socket it is on now (a new one after a timeout, an error or the server closing it). */
interface AutocannonConnection {
  conn: object;
  on(event: "response", listener: (statusCode: number, bytes: number, durationMs: number) => void): void;
}

// The package ships no types; the project's ambient declaration covers only the basic options.
const run = autocannon as unknown as RunLoad;

/** The nearest-rank percentile of a list of durations; NaN for none. */
function percentile(durations: number[], fraction: number): number {
  if (durations.length === 0) return Number.NaN;
  const sorted = [...durations].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export async function measureLoad(target: LoadTarget, options: { connections: number; durationSeconds: number }): Promise<LoadFigures> {
  const onOpenConnections: number[] = [];
  const result = await run({
    url: target.url,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: 15,
    setupClient(connection) {
      let answeredOn: object | undefined;
      connection.on("response", (_status, _bytes, durationMs) => {
        if (connection.conn === answeredOn) onOpenConnections.push(durationMs);
        answeredOn = connection.conn;
      });
    },
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyP99OpenMs: Math.round(percentile(onOpenConnections, 0.99)),
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
