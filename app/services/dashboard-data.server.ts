import { WELCOME_BANNER } from "~/domain/dashboard-banner-names";
import { dashboardView, failureScreen, noRecordView, type DashboardView } from "~/domain/dashboard-view";
import { identifyParticipant } from "./analytics.server";
import { env } from "./env.server";
import { logger, redactText, requestIdOf } from "./logger.server";
import { bannerDismissedFlag, hasParticipantFlag } from "./participant-flags.server";
import { withUpdates } from "./report-versions.server";
import { resultsWithin } from "./results-wait.server";
import { fetchPatientResults } from "./results.server";
import type { PortalSession } from "./session.server";
import { signOut } from "./sign-out.server";

export type DashboardData =
  | { screen: "network-error" }
  | { screen: "server-error" }
  | { screen: "waiting"; checkAgainSeconds: number }
  | (DashboardView & { welcomeBanner: boolean });

/** How often the waiting page asks again (a refresh without JavaScript, a revalidation with it). */
const CHECK_AGAIN_SECONDS = 3;

const visitorOf = (session: PortalSession) => (session.tokenType === "ACCESS" ? "results-link" : "participant");

export type DashboardOutcome = { kind: "data"; data: DashboardData; status: number } | { kind: "response"; response: Response };

/**
 * The My Results loader's work. Past RESULTS_WAIT_PAGE_AFTER_MS the page says it is gathering the
 * information and asks again, while the call goes on for its next request.
 */
export async function loadDashboard(request: Request, session: PortalSession): Promise<DashboardOutcome> {
  const outcome = await resultsWithin(session.idHash, env.RESULTS_WAIT_PAGE_AFTER_MS, () => fetchPatientResults(session));
  if (outcome === "waiting") return { kind: "data", data: { screen: "waiting", checkAgainSeconds: CHECK_AGAIN_SECONDS }, status: 200 };
  if (!outcome.ok) {
    const screen = failureScreen(outcome);
    if (screen === "signed-out") return { kind: "response", response: await signOut(session) };
    if (screen === "no-record") return { kind: "data", data: { ...noRecordView(visitorOf(session)), welcomeBanner: false }, status: 200 };
    const line = {
      event: "results unavailable",
      status: outcome.status,
      message: redactText(outcome.message),
      requestId: requestIdOf(request),
    };
    const network = screen === "network-error";
    if (network) logger.info(line, "results fetch failed: network");
    else logger.error(line, "results fetch failed");
    return { kind: "data", data: { screen }, status: network ? 503 : 500 };
  }
  // Fire and forget: analytics never delays or breaks the page.
  void identifyParticipant({ request, heapIdentifier: outcome.results.heapIdentifier }).catch(() => undefined);
  const view = dashboardView(await withUpdates(session.userId, outcome.results), visitorOf(session));
  const welcomeBanner = view.screen === "full" && !hasParticipantFlag(session, bannerDismissedFlag(WELCOME_BANNER));
  return { kind: "data", data: { ...view, welcomeBanner }, status: 200 };
}
