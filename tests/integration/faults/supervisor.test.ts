import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LauncherStatus } from "../../../lib/launcher/status.ts";
import { developmentEnv, launchStack, until, type LaunchedStack } from "../../support/launched-stack";

/**
 * The launcher supervises: kill -9 of a child is followed by a restart with backoff, the launcher
 * and the portal keep running meanwhile, and the portal's /readyz counts the restart (and reports the
 * service it calls answering again: a service down never takes the portal out, so status alone says nothing).
 */
const upstreamOf = { identity: "identityProvider", results: "results" } as const;
let stack: LaunchedStack;
const portal = (pathname: string) => `${stack.portalUrl}${pathname}`;
const status = () => stack.status();

type Readyz = { status: string; checks: Record<string, unknown>; upstreams?: Record<string, string>; launcher?: LauncherStatus };

async function readyz(): Promise<Readyz> {
  return (await fetch(portal("/readyz"), { signal: AbortSignal.timeout(5000) })).json() as never;
}

beforeAll(async () => {
  stack = await launchStack("supervisor", developmentEnv("warn"));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe("a child killed with SIGKILL", () => {
  it.each(["results", "identity", "portal"] as const)(
    "the %s process is restarted, the launcher keeps running, and /readyz counts the restart",
    async (name) => {
      const before = status().children[name];
      if (!before?.pid) throw new Error(`${name} is not running`);
      const killedAt = Date.now();
      process.kill(before.pid, "SIGKILL");
      const after = await until(
        `${name} to be restarted and ready`,
        readyz,
        (ready) =>
          ready.status === "ok" &&
          (name === "portal" || ready.upstreams?.[upstreamOf[name]] === "ok") &&
          (ready.launcher?.children[name]?.restarts ?? 0) === before.restarts + 1,
      );
      console.log(`${name}: ready again ${Date.now() - killedAt} ms after SIGKILL`);
      expect(stack.launcher.exitCode).toBeNull();
      expect(after.launcher?.children[name]).toMatchObject({ running: true, lastExit: "SIGKILL" });
      expect(after.launcher?.children[name]?.pid).not.toBe(before.pid);
    },
  );
});
