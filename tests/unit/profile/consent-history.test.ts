import { describe, expect, it } from "vitest";
import { consentEntries } from "~/domain/consent-history";
import { appLabel } from "~/domain/dashboard-view";
import { normalizePatientResults, PatientResultsSchema } from "~/domain/patient-results";

const apps = [
  { appID: "a1", appName: "health", label: "Health", labelEs: "Salud", type: "health" },
  { appID: "a2", appName: "traits", label: "Traits", labelEs: null, type: "traits" },
];

describe("the consent history of My Studies", () => {
  const entries = consentEntries(
    [
      { consent: "platform", version: "1.0", givenOn: "2026-07-20", withdrawnOn: null },
      { consent: "traits", version: "1.4", givenOn: "2026-08-04", withdrawnOn: "2026-10-12" },
      { consent: "health", version: "3.1", givenOn: "2026-08-04", withdrawnOn: null },
      { consent: "retired-study", version: "0.9", givenOn: "2026-06-01", withdrawnOn: null },
    ],
    apps,
  );

  it("lists the newest first", () => {
    expect(entries.map((entry) => entry.consent)).toEqual(["health", "traits", "platform", "retired-study"]);
  });

  it("names the program's consents by a translation and a study by its app, in both languages", () => {
    expect(entries.find((entry) => entry.consent === "platform")).toMatchObject({
      nameKey: "studies.history.names.platform",
      study: null,
    });
    const name = (consent: string, language: string) => appLabel(entries.find((entry) => entry.consent === consent)!.study!, language);
    expect([name("health", "en"), name("health", "es")]).toEqual(["Health", "Salud"]);
    expect([name("retired-study", "en"), name("retired-study", "es")]).toEqual(["retired-study", "retired-study"]);
  });

  it("links the very version signed, and nothing where the portal does not know the document", () => {
    expect(entries.find((entry) => entry.consent === "platform")?.documentUrl).toBe(
      "https://www.dnadiscovery.example/platform-consent?version=1.0",
    );
    expect(entries.find((entry) => entry.consent === "traits")?.documentUrl).toBe(
      "https://www.dnadiscovery.example/consents/traits?version=1.4",
    );
    expect(entries.find((entry) => entry.consent === "retired-study")?.documentUrl).toBeNull();
  });

  it("leaves out a history the results service sends malformed", () => {
    const raw = PatientResultsSchema.parse({ kitStatus: 1, consents: [{ consent: "research", version: "2.0", givenOn: "yesterday" }] });
    expect(normalizePatientResults(raw).consents).toEqual([]);
  });
});
