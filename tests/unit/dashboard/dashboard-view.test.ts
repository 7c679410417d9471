import { describe, expect, it } from "vitest";
import { DismissBannerSchema } from "~/domain/dashboard-banner";
import { ReportRequestSchema } from "~/domain/dashboard-report";
import { appLabel, dashboardView, failureScreen, noRecordView } from "~/domain/dashboard-view";
import { NO_KIT_HISTORY } from "~/domain/kit-timeline";
import { normalizePatientResults, type PatientResults } from "~/domain/patient-results";

function results(overrides: Partial<PatientResults> = {}): PatientResults {
  return {
    kitStatus: 5,
    kitHistory: NO_KIT_HISTORY,
    apps: [
      {
        appID: "a1",
        appName: "traits",
        label: "Traits",
        labelEs: "Rasgos",
        type: "traits",
        reportReady: true,
        fileBytes: null,
        variantFound: false,
        versions: [],
        updated: false,
      },
    ],
    heapIdentifier: null,
    isHealthOrResearch: true,
    agreements: [],
    consents: [],
    kits: [],
    patient: { firstName: "Ada", middleName: null, lastName: "Testwell", email: null },
    ...overrides,
  };
}

describe("failed results fetch → screen (SPEC.md §4, §8)", () => {
  it("signs out on 401", () => expect(failureScreen({ status: 401, message: "expired" })).toBe("signed-out"));
  it("shows the network error screen for code 599", () =>
    expect(failureScreen({ status: 599, message: "anything" })).toBe("network-error"));
  it("shows the network error screen when the message contains 'Network Error'", () => {
    expect(failureScreen({ status: 0, message: "Network Error" })).toBe("network-error");
    expect(failureScreen({ status: 502, message: "AxiosError: Network Error (upstream)" })).toBe("network-error");
  });
  it("shows the generic error screen for anything else", () => {
    expect(failureScreen({ status: 500, message: "Internal" })).toBe("server-error");
    expect(failureScreen({ status: 503, message: "network error" })).toBe("server-error");
  });
});

describe("a participant the results service has no record of", () => {
  it("is a normal state, not an error: a 404 shows what a new participant needs next", () => {
    expect(failureScreen({ status: 404, message: "No results were found for this participant" })).toBe("no-record");
    expect(noRecordView("participant")).toEqual({ screen: "new-participant" });
    expect(noRecordView("results-link")).toEqual({ screen: "empty", message: "noApps" });
  });
});

describe("dashboard view by results (SPEC.md §2 'My Results')", () => {
  it("is still gathering while kitStatus is below 1, with the apps that already exist", () => {
    const gathering = dashboardView(results({ kitStatus: 0 }), "participant");
    expect(gathering.screen).toBe("gathering");
    // A participant is offered to register their kit; a results-link visitor is not.
    expect(gathering).toEqual({ screen: "gathering", apps: results({ kitStatus: 0 }).apps, canRegisterKit: true });
    expect(dashboardView(results({ kitStatus: -1, apps: [] }), "results-link")).toEqual({
      screen: "gathering",
      apps: [],
      canRegisterKit: false,
    });
    expect(dashboardView(results({ kitStatus: 0.5 }), "participant").screen).toBe("gathering");
  });

  it("shows the empty state without apps: no DNA tests for participants, no apps for results-link visitors", () => {
    expect(dashboardView(results({ apps: [] }), "participant")).toEqual({ screen: "empty", message: "noDnaTests" });
    expect(dashboardView(results({ apps: [] }), "results-link")).toEqual({ screen: "empty", message: "noApps" });
  });

  it("counts only labelled apps (unlabelled ones are dropped before)", () => {
    const normalized = normalizePatientResults({
      kitStatus: "4",
      apps: [{ appID: "x", appName: "health", label: null, labelEs: "Salud", type: "health" }],
    });
    expect(dashboardView(normalized, "participant")).toEqual({ screen: "empty", message: "noDnaTests" });
  });

  it("gives results-link visitors the reduced view and participants the full view", () => {
    const data = results({ kitStatus: 3, isHealthOrResearch: false });
    expect(dashboardView(data, "results-link")).toEqual({ screen: "reduced", apps: data.apps });
    expect(dashboardView(data, "participant")).toEqual({
      screen: "full",
      apps: data.apps,
      kitStatus: 3,
      kitHistory: NO_KIT_HISTORY,
      isHealthOrResearch: false,
      kits: [],
    });
  });
});

describe("a registered kit without apps yet", () => {
  const kit = { barcode: "100200000014", registeredAt: "2026-11-28T10:00:00.000Z", collectedOn: "2026-11-27" };
  it("shows the tracker with the kit to the participant, and the empty state without a kit or through a results link", () => {
    const registered = dashboardView(results({ kitStatus: 1, apps: [], kits: [kit] }), "participant");
    expect(registered).toMatchObject({ screen: "full", kitStatus: 1, apps: [], kits: [kit] });
    expect(dashboardView(results({ kitStatus: 1, apps: [] }), "participant")).toEqual({ screen: "empty", message: "noDnaTests" });
    expect(dashboardView(results({ kitStatus: 1, apps: [], kits: [kit] }), "results-link")).toEqual({ screen: "empty", message: "noApps" });
  });
});

describe("card label by language", () => {
  it("uses labelEs in Spanish and the label otherwise", () => {
    expect(appLabel({ label: "Traits", labelEs: "Rasgos" }, "es")).toBe("Rasgos");
    expect(appLabel({ label: "Traits", labelEs: "Rasgos" }, "en")).toBe("Traits");
  });
  it("falls back to the label when there is no Spanish label", () => {
    expect(appLabel({ label: "Ancestry", labelEs: null }, "es")).toBe("Ancestry");
    expect(appLabel({ label: "Ancestry", labelEs: " " }, "es")).toBe("Ancestry");
  });
});

describe("download and banner forms", () => {
  it("accepts an app id and the tab marker, and nothing empty or unknown", () => {
    expect(ReportRequestSchema.safeParse({ appId: "app-1", opensIn: "tab" }).success).toBe(true);
    expect(ReportRequestSchema.safeParse({ appId: "app-1" }).success).toBe(true);
    expect(ReportRequestSchema.safeParse({ appId: "" }).success).toBe(false);
    expect(ReportRequestSchema.safeParse({ appId: "a".repeat(201) }).success).toBe(false);
    expect(ReportRequestSchema.safeParse({ appId: "a", opensIn: "window" }).success).toBe(false);
  });
  it("refuses a report app id with a control character (a NUL would reach the results service's database)", () => {
    for (const appId of ["app-1\u0000", "app\u0001-1", "app-1\u007f"]) expect(ReportRequestSchema.safeParse({ appId }).success).toBe(false);
  });
  it("dismisses only known banners", () => {
    expect(DismissBannerSchema.safeParse({ banner: "welcome" }).success).toBe(true);
    expect(DismissBannerSchema.safeParse({ banner: "anything" }).success).toBe(false);
  });
});

describe("the kit's dated history in the results response", () => {
  const base = { kitStatus: 2, apps: [], agreements: [] };

  it("keeps each step's day, the expected day and the delay's reason", () => {
    const results = normalizePatientResults({
      ...base,
      kitEvents: [
        { step: 1, date: "2026-09-14" },
        { step: 2, date: "2026-09-29" },
      ],
      nextStepExpectedBy: "2027-01-15",
      delayReason: "lab-backlog",
    });
    expect(results.kitHistory).toEqual({
      reachedOn: { 1: "2026-09-14", 2: "2026-09-29" },
      nextStepExpectedBy: "2027-01-15",
      delayReason: "lab-backlog",
    });
  });

  it("leaves out a history that does not read as one; the tracker still works from kitStatus", async () => {
    const { PatientResultsSchema } = await import("~/domain/patient-results");
    const parsed = PatientResultsSchema.parse({
      ...base,
      kitEvents: [{ step: 9, date: "soon" }],
      nextStepExpectedBy: "next week",
      delayReason: 42,
    });
    const results = normalizePatientResults(parsed);
    expect(results.kitStatus).toBe(2);
    expect(results.kitHistory).toEqual(NO_KIT_HISTORY);
  });
});
