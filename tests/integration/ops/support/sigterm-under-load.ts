import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import autocannon from "autocannon";
import { isHealthy } from "../../../support/stack.ts";

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** Resolves once the process has printed `text` at least `count` times. */
  waitForOutput(text: string, count?: number): Promise<void>;
}

/**
 * The environment that runs the results service in development on `port` of loopback, its files under
 * `dataDir`, taking the tokens `keys` sign; `extra` over it.
 */
export function resultsServiceEnvironment(
  port: number,
  dataDir: string,
  keys: { issuer: string; audience: string },
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "development",
    LOG_LEVEL: "warn",
    RESULTS_PORT: String(port),
    RESULTS_HOST: "127.0.0.1",
    RESULTS_DATA_DIR: dataDir,
    IDP_ISSUER: keys.issuer,
    RESULTS_API_AUDIENCE: keys.audience,
    ...extra,
  };
}

/** Starts a service as its own process and waits until its /healthz answers. */
export async function startServiceProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  timeoutMs = 90_000,
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, args, { cwd: process.cwd(), env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const watchers: Array<{ text: string; count: number; resolve: () => void }> = [];
  const occurrences = (text: string) => output.split(text).length - 1;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of watchers.filter((w) => occurrences(w.text) >= w.count)) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const waitForOutput = (text: string, count = 1) =>
    occurrences(text) >= count ? Promise.resolve() : new Promise<void>((resolve) => watchers.push({ text, count, resolve }));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + timeoutMs;
  let stopped = false;
  void exited.then(() => (stopped = true));
  while (!(await isHealthy(baseUrl))) {
    if (stopped) throw new Error(`service exited before it was healthy:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`service not healthy within ${timeoutMs} ms:\n${output}`);
    }
    // Polling interval while the process boots (not a test sleep).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl, exited, output: () => output, waitForOutput };
}

export interface TrackedRequest {
  path: string;
  startedAt: number;
  status?: number;
  error?: string;
  connection?: string;
}

/** GET over a keep-alive connection, recording when it started and how it ended. */
function trackedGet(baseUrl: string, path: string, agent: Agent, headers: Record<string, string>): Promise<TrackedRequest> {
  const record: TrackedRequest = { path, startedAt: performance.now() };
  return new Promise((resolve) => {
    const req = request(`${baseUrl}${path}`, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ ...record, status: res.statusCode, connection: res.headers.connection }));
      res.on("error", (error: NodeJS.ErrnoException) => resolve({ ...record, error: error.code ?? error.message }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ ...record, error: error.code ?? error.message }));
    req.end();
  });
}

export interface LoadOptions {
  service: ServiceProcess;
  /** Hammered by autocannon while the signal arrives. */
  loadPath: string;
  /** Paths requested by tracked clients over keep-alive connections, in a loop. */
  probePaths: string[];
  probeHeaders?: Record<string, string>;
  /** Requests already in flight when the signal arrives (e.g. deliberately slow ones). */
  inFlight?: Array<Promise<TrackedRequest>>;
  /** Resolves once the in-flight requests are inside the service. */
  inFlightReady?: () => Promise<void>;
  /**
   * How long the tracked clients keep going after the signal (default 15 s); once they stop, the
   * service has 10 s more to exit before it is reported "still running" and killed.
   */
  patienceMs?: number;
  /** Autocannon responses to wait for before the signal. */
  responsesBeforeSignal?: number;
}

export interface LoadOutcome {
  exit: { code: number | null; signal: NodeJS.Signals | "still running" | null };
  drainMs: number;
  loadResponses: number;
  tracked: TrackedRequest[];
  signalAt: number;
  /** Tracked requests that had started before SIGTERM and did not get a response. */
  failedAfterStarting: TrackedRequest[];
  /** Autocannon responses with a 5xx status. */
  serverErrors: number;
}

/** Puts a service under load, sends SIGTERM, and records what happened to every tracked request. */
export async function sigtermUnderLoad(options: LoadOptions): Promise<LoadOutcome> {
  const { service } = options;
  let loadResponses = 0;
  let serverErrors = 0;
  let reachedLoad: () => void = () => undefined;
  const loadReached = new Promise<void>((resolve) => (reachedLoad = resolve));
  const load = autocannon({ url: `${service.baseUrl}${options.loadPath}`, connections: 10, duration: 4 });
  load.on("response", (_client: unknown, statusCode: number) => {
    loadResponses += 1;
    if (statusCode >= 500) serverErrors += 1;
    if (loadResponses >= (options.responsesBeforeSignal ?? 200)) reachedLoad();
  });

  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const tracked: TrackedRequest[] = [];
  let exitedYet = false;
  void service.exited.then(() => (exitedYet = true));
  let probesGiveUp = false;
  const probeLoops = options.probePaths.map(async (path) => {
    while (!exitedYet && !probesGiveUp) {
      const outcome = await trackedGet(service.baseUrl, path, agent, options.probeHeaders ?? {});
      tracked.push(outcome);
      if (outcome.error === "ECONNREFUSED") break;
    }
  });

  await loadReached;
  await options.inFlightReady?.();
  const signalAt = performance.now();
  service.child.kill("SIGTERM");
  // Clients that keep their connections busy could keep a service alive for ever; they stop
  // after this long so the outcome shows the service still running instead of hanging the test.
  const patience = setTimeout(() => (probesGiveUp = true), options.patienceMs ?? 15_000);
  const stillRunning = Promise.all(probeLoops).then(
    () => new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), 10_000).unref()),
  );
  const ended = await Promise.race([service.exited, stillRunning]);
  clearTimeout(patience);
  if (ended === "still running") service.child.kill("SIGKILL");
  const exit = ended === "still running" ? { code: null, signal: "still running" as const } : ended;
  const drainMs = Math.round(performance.now() - signalAt);
  const inFlight = await Promise.all(options.inFlight ?? []);
  tracked.push(...inFlight);
  await Promise.all(probeLoops);
  load.stop();
  agent.destroy();

  const failedAfterStarting = tracked.filter((entry) => entry.startedAt < signalAt && (entry.status === undefined || entry.status >= 500));
  return { exit, drainMs, loadResponses, tracked, signalAt, failedAfterStarting, serverErrors };
}

export { trackedGet };
