import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryEnvironment } from "../../../lib/launcher/memory-settings.ts";
import { builtIfPresent, processArgs } from "../../../lib/launcher/process-command.ts";
import { participantLike } from "../../platform/results/support/results-service-for-suite";
import { startTestIdentityKeys, type TestIdentityKeys } from "../../platform/results/support/test-identity-keys";
import { freePort, projectRoot } from "../../support/stack.ts";
import { resultsServiceEnvironment, sigtermUnderLoad, startServiceProcess, trackedGet } from "./support/sigterm-under-load";

/**
 * SIGTERM while a service is under load: every request that had already started gets its
 * answer, and the process exits 0 on its own.
 */

/**
 * A service as the launcher starts it: its built file (type stripping off, so no TypeScript can load
 * in it), or its source when nothing is built.
 */
const asLaunched = (name: "identity" | "results") => {
  const from = builtIfPresent(name, projectRoot);
  return [...(from === "built" ? ["--no-experimental-strip-types"] : []), ...processArgs(name, projectRoot, { from })];
};
const workDir = mkdtempSync(path.join(tmpdir(), "ops-graceful-"));
let keys: TestIdentityKeys;
/** The results service's one participant. */
const USER_ID = "R2001";

beforeAll(async () => {
  keys = await startTestIdentityKeys();
});
afterAll(async () => {
  await keys.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe("graceful restarts", () => {
  it("results service: in-flight slow requests and requests under load all complete, then exit 0", async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // The service as the launcher starts it, seeded with one participant of the test's own.
    const participantsFile = path.join(workDir, "results-participants.json");
    writeFileSync(participantsFile, JSON.stringify({ participants: [participantLike(USER_ID)] }));
    const service = await startServiceProcess(
      asLaunched("results"),
      resultsServiceEnvironment(port, path.join(workDir, "results"), keys, { DEMO_PARTICIPANTS_FILE: participantsFile }),
      baseUrl,
    );

    const token = await keys.accessTokenFor(USER_ID);
    const slowCount = 3;
    const fault = await fetch(`${baseUrl}/dev/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ delayMs: 1_500, failNext: slowCount, userID: USER_ID }),
    });
    expect(fault.status).toBe(200);
    const slowAgent = new Agent({ keepAlive: true });
    const authorization = { authorization: `Bearer ${token}` };
    const inFlight = Array.from({ length: slowCount }, () => trackedGet(baseUrl, `/results/${USER_ID}`, slowAgent, authorization));
    // The slow requests are inside the service once the fault rule has been used up.
    const inFlightReady = async () => {
      for (;;) {
        const { faults } = (await (await fetch(`${baseUrl}/dev/faults`)).json()) as { faults: unknown[] };
        if (faults.length === 0) return;
      }
    };

    const outcome = await sigtermUnderLoad({
      service,
      loadPath: "/healthz",
      probePaths: ["/healthz", "/jwks-not-a-route"],
      inFlight,
      inFlightReady,
      // Clients pause soon after the signal, as they do once a load balancer has taken the instance out.
      patienceMs: 2_000,
    });
    slowAgent.destroy();

    expect(outcome.exit, service.output()).toEqual({ code: 0, signal: null });
    expect(outcome.failedAfterStarting).toEqual([]);
    expect(outcome.serverErrors).toBe(0);
    const slow = outcome.tracked.filter((entry) => entry.path === `/results/${USER_ID}`);
    expect(slow.map((entry) => entry.status)).toEqual([200, 200, 200]);
    expect(outcome.tracked.filter((entry) => entry.startedAt < outcome.signalAt).length).toBeGreaterThan(slowCount);
  }, 180_000);

  it("identity provider: requests under load all complete, then exit 0", async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const service = await startServiceProcess(
      asLaunched("identity"),
      {
        ...process.env,
        NODE_ENV: "development",
        LOG_LEVEL: "warn",
        IDENTITY_PORT: String(port),
        IDENTITY_HOST: "127.0.0.1",
        IDENTITY_ISSUER: baseUrl,
        IDENTITY_DATA_DIR: path.join(workDir, "identity"),
      },
      baseUrl,
    );

    const outcome = await sigtermUnderLoad({
      service,
      loadPath: "/healthz",
      probePaths: ["/.well-known/openid-configuration", "/healthz"],
      patienceMs: 2_000,
    });

    expect(outcome.exit, service.output()).toEqual({ code: 0, signal: null });
    expect(outcome.failedAfterStarting).toEqual([]);
    expect(outcome.serverErrors).toBe(0);
  }, 180_000);

  it("portal's server file: in-flight requests finish, kept-alive clients are sent away, resources are released", async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const service = await startServiceProcess(
      // tsx's loader in the process itself: tsx's command line would stand between the signal and the server.
      ["--import", "tsx", "tests/integration/ops/support/portal-edge-with-stand-in.ts"],
      { ...process.env, PORT: String(port), LOG_LEVEL: "warn", PORTAL_DATA_DIR: path.join(workDir, "portal-hook") },
      baseUrl,
    );
    const agent = new Agent({ keepAlive: true });
    const slow = [trackedGet(baseUrl, "/slow", agent, {}), trackedGet(baseUrl, "/slow", agent, {})];
    // The clients would go on for 30 s: the process has to send them away rather than wait for them.
    const outcome = await sigtermUnderLoad({
      service,
      loadPath: "/healthz",
      probePaths: ["/healthz", "/healthz"],
      inFlight: slow,
      patienceMs: 30_000,
    });
    agent.destroy();

    expect(outcome.exit, service.output()).toEqual({ code: 0, signal: null });
    expect(outcome.failedAfterStarting).toEqual([]);
    expect(outcome.tracked.filter((entry) => entry.path === "/slow").map((entry) => [entry.status, entry.connection])).toEqual([
      [200, "close"],
      [200, "close"],
    ]);
    expect(service.output()).toContain("resources released");
    expect(outcome.drainMs).toBeLessThan(8_000);
  }, 180_000);

  it("portal as the launcher runs it (the built server file, no TypeScript at run time): requests under load complete and the process exits 0", async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const service = await startServiceProcess(
      // Type stripping off: a TypeScript module loaded at run time would stop the portal from starting.
      ["--no-experimental-strip-types", ...processArgs("portal", projectRoot, { from: "built" })],
      memoryEnvironment({
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        PORTAL_DATA_DIR: path.join(workDir, "portal"),
      }),
      baseUrl,
    );
    const outcome = await sigtermUnderLoad({ service, loadPath: "/healthz", probePaths: ["/healthz", "/"], patienceMs: 30_000 });

    expect(outcome.exit, service.output()).toEqual({ code: 0, signal: null });
    expect(outcome.drainMs).toBeLessThan(8_000);
    expect(outcome.failedAfterStarting).toEqual([]);
    expect(outcome.serverErrors).toBe(0);
  }, 180_000);
});
