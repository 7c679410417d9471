import { env } from "~/services/env.server";
import { portalRequestOf } from "~/services/load-context.server";
import { checkPortalReadiness } from "~/services/readiness.server";
import { readLauncherStatus } from "../../lib/launcher/status.ts";
import type { Route } from "./+types/readyz";

/**
 * 200 when this instance can serve (its database answers, it is not stopping), else 503 naming what
 * failed; the identity provider and results service reported beside (`upstreams`), never deciding;
 * with the launcher's restarts when it runs the stack.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [readiness, launcher] = await Promise.all([
    checkPortalReadiness(portalRequestOf(context)?.isDraining() ?? false),
    readLauncherStatus(env.LAUNCHER_STATUS_FILE),
  ]);
  return Response.json(
    {
      status: readiness.ready ? "ok" : "unavailable",
      checks: readiness.checks,
      upstreams: readiness.upstreams,
      ...(launcher ? { launcher } : {}),
    },
    { status: readiness.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
