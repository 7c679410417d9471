import { describe, expect, it } from "vitest";
import { normalizePatientResults, patientFullName, PatientResultsSchema, toKitStatus } from "~/domain/patient-results";

describe("patient results (SPEC.md §3)", () => {
  it("converts kitStatus to a number, missing or unreadable as 0", () => {
    expect(toKitStatus(3)).toBe(3);
    expect(toKitStatus("4")).toBe(4);
    expect(toKitStatus(null)).toBe(0);
    expect(toKitStatus(undefined)).toBe(0);
    expect(toKitStatus("")).toBe(0);
    expect(toKitStatus("x")).toBe(0);
  });

  it("drops apps without a label and defaults the type to empty", () => {
    const raw = PatientResultsSchema.parse({
      kitStatus: "2",
      apps: [
        { appID: 1, appName: "health", label: "Health", labelEs: "Salud", type: "health" },
        { appID: "2", appName: "traits", label: null, labelEs: "Rasgos", type: "traits" },
        { appID: "3", appName: "ancestry", label: "  ", type: "ancestry" },
        { appID: "4", appName: "ancestry", label: "Ancestry" },
      ],
      Patient: { firstName: "Ada", middleName: null, lastName: "Testwell" },
    });
    const results = normalizePatientResults(raw);
    expect(results.kitStatus).toBe(2);
    expect(results.apps).toEqual([
      {
        appID: "1",
        appName: "health",
        label: "Health",
        labelEs: "Salud",
        type: "health",
        reportReady: false,
        fileBytes: null,
        versions: [],
        updated: false,
        variantFound: false,
      },
      {
        appID: "4",
        appName: "ancestry",
        label: "Ancestry",
        labelEs: null,
        type: "",
        reportReady: false,
        fileBytes: null,
        versions: [],
        updated: false,
        variantFound: false,
      },
    ]);
    expect(results.isHealthOrResearch).toBe(false);
    expect(results.agreements).toEqual([]);
  });

  it("names the patient first, optional middle, last", () => {
    expect(patientFullName({ firstName: "Ada", middleName: "Maren", lastName: "Testwell", email: null })).toBe("Ada Maren Testwell");
    expect(patientFullName({ firstName: "Bruno", middleName: null, lastName: "Testwell", email: null })).toBe("Bruno Testwell");
    expect(patientFullName({ firstName: "Cy", middleName: " ", lastName: "Doe", email: null })).toBe("Cy Doe");
  });
});
