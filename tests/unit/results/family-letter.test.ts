import { describe, expect, it } from "vitest";
import {
  familyLetterPath,
  familyLetterPdfPath,
  letterLanguage,
  offersFamilyLetter,
  openLetterOf,
  RelativeCodeSchema,
  type FamilyLetter,
} from "~/domain/family-letter";
import { normalizePatientResults, PatientResultsSchema } from "~/domain/patient-results";

const letter = (overrides: Partial<FamilyLetter>): FamilyLetter => ({
  id: "7d0c3c3e-1f7a-4a7e-9f0e-0a7f5f1c2b3d",
  appId: "app-fh",
  code: "K7M2Q-XP9DR",
  createdAt: "2026-11-01T10:00:00.000Z",
  expiresAt: "2027-01-30T10:00:00.000Z",
  state: "active",
  endedAt: null,
  uses: 0,
  ...overrides,
});

describe("the family letter's rules", () => {
  it("is offered on a ready FH card that found a variant only", () => {
    expect(offersFamilyLetter({ appName: "fh-health", reportReady: true, variantFound: true })).toBe(true);
    expect(offersFamilyLetter({ appName: "fh-health", reportReady: true, variantFound: false })).toBe(false);
    expect(offersFamilyLetter({ appName: "fh-health", reportReady: false, variantFound: true })).toBe(false);
    expect(offersFamilyLetter({ appName: "health", reportReady: true, variantFound: true })).toBe(false);
  });

  it("reads the results service's answer: a ready FH report offers the letter only when it says a variant was found", () => {
    const cards = (variantFound: unknown) =>
      normalizePatientResults(
        PatientResultsSchema.parse({
          kitStatus: 5,
          apps: [{ appID: "fh", appName: "fh-health", label: "FH", type: "health", variantFound }],
        }),
      ).apps;
    expect(cards(true).map(offersFamilyLetter)).toEqual([true]);
    expect(cards(false).map(offersFamilyLetter)).toEqual([false]);
    expect(cards(undefined).map(offersFamilyLetter)).toEqual([false]);
    expect(cards("yes").map(offersFamilyLetter)).toEqual([false]);
  });

  it("is written in the language asked for, else the page's, never a third", () => {
    expect(letterLanguage("es", "en")).toBe("es");
    expect(letterLanguage("en", "es")).toBe("en");
    expect(letterLanguage(null, "es")).toBe("es");
    expect(letterLanguage("fr", "de")).toBe("en");
  });

  it("keeps its language in a parameter of its own (`lang` is the page's, and is taken off the address)", () => {
    expect(familyLetterPath("app fh", "es")).toBe("/results/family-letter?app=app%20fh&in=es");
    expect(familyLetterPath("app-fh")).toBe("/results/family-letter?app=app-fh");
    expect(familyLetterPdfPath("abc", "en")).toBe("/results/family-letter.pdf?letter=abc&in=en");
  });

  it("shows the report's open letter, not an ended one or another report's", () => {
    const ended = letter({ id: "ended", state: "ended" });
    const other = letter({ id: "other", appId: "app-other" });
    const open = letter({ id: "open" });
    expect(openLetterOf([ended, other, open], "app-fh")?.id).toBe("open");
    expect(openLetterOf([ended, other], "app-fh")).toBeNull();
  });

  it("takes a relative code as typed: any case, spaces or a dash; refuses anything else with a reason", () => {
    expect(RelativeCodeSchema.parse({ code: " k7m2q xp9dr " }).code).toBe("K7M2QXP9DR");
    expect(RelativeCodeSchema.parse({ code: "K7M2Q-XP9DR" }).code).toBe("K7M2Q-XP9DR");
    const empty = RelativeCodeSchema.safeParse({ code: "  " });
    expect(empty.success ? null : empty.error.issues[0]!.message).toBe("relative.errors.codeRequired");
    // 0, O, 1, I and L are never in a code: they are misread.
    const misread = RelativeCodeSchema.safeParse({ code: "K7M2Q-XP9D0" });
    expect(misread.success ? null : misread.error.issues[0]!.message).toBe("relative.errors.codeInvalid");
  });
});
