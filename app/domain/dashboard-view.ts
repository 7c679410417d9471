import type { Kit } from "./kit-registration";
import type { KitHistory } from "./kit-timeline";
import type { PatientResults, ResultApp } from "./patient-results";

/** What the results fetch ended with, as the dashboard needs to know it. */
export type ResultsFailure = { status: number; message: string };

export type FailureScreen = "signed-out" | "no-record" | "network-error" | "server-error";

/**
 * SPEC.md §4 'Results loading' and §8: which screen a failed results fetch shows. A 404 is no
 * failure: the results service has no record of a participant who has just registered.
 */
export function failureScreen(failure: ResultsFailure): FailureScreen {
  if (failure.status === 401) return "signed-out";
  if (failure.status === 404) return "no-record";
  if (failure.status === 599 || failure.message.includes("Network Error")) return "network-error";
  return "server-error";
}

export type EmptyStateMessage = "noDnaTests" | "noApps";

export type DashboardView =
  /** `canRegisterKit`: a participant (not a results-link visitor) is offered to register their kit here. */
  | { screen: "gathering"; apps: ResultApp[]; canRegisterKit: boolean }
  | { screen: "empty"; message: EmptyStateMessage }
  | { screen: "new-participant" }
  | { screen: "reduced"; apps: ResultApp[] }
  | { screen: "full"; apps: ResultApp[]; kitStatus: number; kitHistory: KitHistory; isHealthOrResearch: boolean; kits: Kit[] };

/**
 * SPEC.md §2 'My Results': below kitStatus 1 the results are being gathered; no apps (and no
 * registered kit) is the empty state; results-link visitors get only the Results card.
 */
export function dashboardView(results: PatientResults, visitor: "participant" | "results-link"): DashboardView {
  const { apps, kitStatus, kitHistory, isHealthOrResearch, kits } = results;
  if (kitStatus < 1) return { screen: "gathering", apps, canRegisterKit: visitor === "participant" };
  // A registered kit with no apps yet (the lab adds them): the tracker shows the kit; without one, SPEC's empty state.
  if (apps.length === 0 && (visitor === "results-link" || kits.length === 0))
    return { screen: "empty", message: visitor === "participant" ? "noDnaTests" : "noApps" };
  if (visitor === "results-link") return { screen: "reduced", apps };
  return { screen: "full", apps, kitStatus, kitHistory, isHealthOrResearch, kits };
}

/** No record at the results service yet (a participant who has just registered). */
export function noRecordView(visitor: "participant" | "results-link"): DashboardView {
  return visitor === "participant" ? { screen: "new-participant" } : { screen: "empty", message: "noApps" };
}

/** SPEC.md §2 'Result cards': the Spanish label in Spanish when there is one, else the label. */
export function appLabel(app: Pick<ResultApp, "label" | "labelEs">, language: string): string {
  return language === "es" && app.labelEs && app.labelEs.trim() !== "" ? app.labelEs : app.label;
}
