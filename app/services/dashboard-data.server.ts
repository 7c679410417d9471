import { WELCOME_BANNER } from "~/domain/dashboard-banner-names";
import { dashboardView, failureScreen, type DashboardView } from "~/domain/dashboard-view";
import { identifyParticipant } from "./analytics.server";
import { logger, redactText, requestIdOf } from "./logger.server";
import { bannerDismissedFlag, hasParticipantFlag } from "./participant-flags.server";
import { fetchPatientResults } from "./results.server";
import type { PortalSession } from "./session.server";
import { signOut } from "./sign-out.server";

export type DashboardData = { screen: "network-error" } | { screen: "server-error" } | (DashboardView & { welcomeBanner: boolean });

export type DashboardOutcome = { kind: "data"; data: DashboardData; status: number } | { kind: "response"; response: Response };

/**
 * The My Results loader's work: results fetched server-side with the bearer token (retries live in
 * results.server), a 401 ends the session at once, other failures pick their screen and are logged
 * (network trouble as info, anything else as an error).
 */
export async function loadDashboard(request: Request, session: PortalSession): Promise<DashboardOutcome> {
  const outcome = await fetchPatientResults({ accessToken: session.accessToken, userId: session.userId, sourceId: session.sourceId });
  if (!outcome.ok) {
    const screen = failureScreen(outcome);
    if (screen === "signed-out") return { kind: "response", response: await signOut(session) };
    const line = {
      event: "results unavailable",
      status: outcome.status,
      message: redactText(outcome.message),
      requestId: requestIdOf(request),
    };
    if (screen === "network-error") {
      logger.info(line, "results fetch failed: network");
      return { kind: "data", data: { screen }, status: 503 };
    }
    logger.error(line, "results fetch failed");
    return { kind: "data", data: { screen }, status: 500 };
  }
  // Fire and forget: analytics never delays or breaks the page.
  void identifyParticipant({ request, heapIdentifier: outcome.results.heapIdentifier }).catch(() => undefined);
  const view = dashboardView(outcome.results, session.tokenType === "ACCESS" ? "results-link" : "participant");
  const welcomeBanner = view.screen === "full" && !(await hasParticipantFlag(session.userId, bannerDismissedFlag(WELCOME_BANNER)));
  return { kind: "data", data: { ...view, welcomeBanner }, status: 200 };
}
