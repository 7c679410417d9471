import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createParticipant } from "../../support/create-participant";
import { developmentEnv, launchStack, until, type LaunchedStack } from "../../support/launched-stack";
import { measureLoad } from "../../support/load.ts";
import { signInOverHttp } from "../../support/sign-in.ts";

/**
 * Each child of the launcher killed with SIGKILL while participants load their dashboards (autocannon,
 * 6 s): the portal process survives the others' deaths, no request hangs, the child is restarted,
 * and the first good dashboard follows soon after the child is healthy again. Prints one report line
 * per child.
 */
const LOAD_SECONDS = 6;
/** The frozen service's run: the breaker's probes (about one a second) are compared with the dashboards served. */
const FROZEN_LOAD_SECONDS = 6;
const KILL_AFTER_MS = 2_000;
/** The network-error screen's heading (its text is also in the page's translations, so the id is what tells). */
const NETWORK_ERROR = 'id="network-error-title"';
let stack: LaunchedStack;
let cookie: string;
let signInAgain: () => Promise<string>;
const portalUrl = () => stack.portalUrl;
const status = () => stack.status();

async function dashboardIsGood(session = cookie): Promise<boolean> {
  const response = await fetch(`${portalUrl()}/`, { headers: { cookie: session }, redirect: "manual", signal: AbortSignal.timeout(5000) });
  return response.status === 200 && !(await response.text()).includes(NETWORK_ERROR);
}

beforeAll(async () => {
  // A frozen service's first dashboards wait out their budget until the breaker opens: a shorter budget
  // than the default 5 s keeps that wait short, and is still far above an answer's time under this load.
  stack = await launchStack("kill-under-load", { ...developmentEnv("error"), RESULTS_TIMEOUT_MS: "1500", RESULTS_BUDGET_MS: "2000" });
  const identityUrl = `http://localhost:${stack.ports.identity}`;
  const ada = await createParticipant({ identityUrl, resultsUrl: `http://localhost:${stack.ports.results}` }, "ada");
  signInAgain = async () => (await signInOverHttp(`http://localhost:${stack.ports.portal}`, identityUrl, ada)).cookie;
  cookie = await signInAgain();
}, 150_000);

afterAll(async () => {
  await stack?.stop();
});

describe("kill -9 of a child under load", () => {
  it.each(["results", "identity", "portal"] as const)(
    "%s: restarted, no request hangs, and good dashboards follow",
    async (name) => {
      const before = status().children;
      const victim = before[name];
      if (!victim?.pid) throw new Error(`${name} is not running`);
      const load = measureLoad({ url: `${portalUrl()}/`, headers: { cookie } }, { connections: 10, durationSeconds: LOAD_SECONDS });
      // The fault is scheduled into the load run: this is the experiment, not a wait for a race.
      await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
      process.kill(victim.pid, "SIGKILL");
      const restarted = await until(
        `${name} to restart`,
        async () => status().children[name],
        (child) => child !== undefined && child.restarts === victim.restarts + 1 && child.running,
      );
      // The portal ready, and the services it calls answering it again (reported beside, never deciding).
      await until(
        `${name} to be healthy`,
        async () => {
          const response = await fetch(`${portalUrl()}/readyz`);
          return { ok: response.ok, upstreams: ((await response.json()) as { upstreams?: Record<string, string> }).upstreams ?? {} };
        },
        (ready) => ready.ok && Object.values(ready.upstreams).every((state) => state === "ok"),
      );
      const healthyAt = Date.now();
      await until("a good dashboard", dashboardIsGood, (good) => good);
      const firstGoodMs = Date.now() - healthyAt;
      const figures = await load;
      const portalSurvived = name === "portal" || status().children.portal?.pid === before.portal?.pid;
      console.log(
        `${name}: ${figures.requests} requests in ${LOAD_SECONDS} s, ${figures.statusCounts["2xx"]} 2xx, ${figures.statusCounts["5xx"]} 5xx, ` +
          `${figures.statusCounts.errors} connection errors, ${figures.statusCounts.timeouts} hung; restarted (pid ${victim.pid} → ${restarted?.pid}); ` +
          `portal process survived: ${portalSurvived}; first good dashboard ${firstGoodMs} ms after the stack was ready again`,
      );
      expect(figures.statusCounts.timeouts).toBe(0);
      expect(portalSurvived).toBe(true);
      expect(stack.launcher.exitCode).toBeNull();
    },
    90_000,
  );

  it("with the results service frozen, the open breaker keeps dashboards from calling it (p99 reported)", async () => {
    const faults = `http://127.0.0.1:${stack.ports.results}/dev/faults`;
    const remaining = async () => ((await (await fetch(faults)).json()) as { faults: { remaining: number }[] }).faults[0]?.remaining ?? 0;
    const frozen = await fetch(faults, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ delayMs: 10_000, failNext: 1000 }),
    });
    expect(frozen.status).toBe(200);
    try {
      // The first dashboards wait out their budget; once the breaker is open, a dashboard no longer reaches the service.
      // Each is asked for in a session of its own: a session's pages wait for the one call it already has out, so
      // a session asked twice would not reach the service while the breaker is still closed.
      await until(
        "the breaker to open",
        async () => {
          const session = await signInAgain();
          const before = await remaining();
          await dashboardIsGood(session);
          return before - (await remaining());
        },
        (reached) => reached === 0,
      );
      await until("the open breaker's network-error screen", dashboardIsGood, (good) => !good);
      const before = await remaining();
      const figures = await measureLoad(
        { url: `${portalUrl()}/`, headers: { cookie } },
        { connections: 10, durationSeconds: FROZEN_LOAD_SECONDS },
      );
      const reached = before - (await remaining());
      console.log(
        `frozen results service: ${figures.requests} dashboards in ${FROZEN_LOAD_SECONDS} s, p50 ${figures.latencyP50Ms} ms, p99 ${figures.latencyP99Ms} ms, ` +
          `${figures.statusCounts.timeouts} hung, ${reached} calls reached the service (breaker probes)`,
      );
      expect(figures.statusCounts.timeouts).toBe(0);
      expect(reached).toBeLessThan(figures.requests / 20);
    } finally {
      await fetch(faults, { method: "DELETE" });
    }
  }, 120_000);
});
