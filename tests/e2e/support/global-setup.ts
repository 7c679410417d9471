import { claimRunTempDir } from "../../support/run-temp-dir";
import { portalUrl } from "./stack";

/**
 * The portal's /readyz (the web server's check) answers once the portal can serve; the identity
 * provider and results service it calls are reported beside it (`upstreams`) and the launcher starts
 * all three at once, so the run waits here until both answer too.
 */
async function untilServicesAnswer(readyzUrl: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    try {
      const body = (await (await fetch(readyzUrl, { signal: AbortSignal.timeout(5_000) })).json()) as {
        upstreams?: Record<string, string>;
      };
      last = JSON.stringify(body.upstreams);
      if (body.upstreams && Object.values(body.upstreams).every((state) => state === "ok")) return;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The identity provider and results service did not answer within ${timeoutMs / 1000} s (${last})`);
}

/** The browsers' temporary files go to a directory of the run's own, removed when it ends. */
export default async function globalSetup() {
  await untilServicesAnswer(`${portalUrl}/readyz`);
  return claimRunTempDir();
}
