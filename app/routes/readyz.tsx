import { json } from "@remix-run/node";
import { checkPortalReadiness } from "~/services/readiness.server";

/** 200 when the portal can serve participants, else 503 naming what failed. */
export async function loader() {
  const readiness = await checkPortalReadiness();
  return json(
    { status: readiness.ready ? "ok" : "unavailable", checks: readiness.checks },
    { status: readiness.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
