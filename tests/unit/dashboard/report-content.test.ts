import { describe, expect, it } from "vitest";
import { ReportContentReplySchema, reportPagePath, reportPdfPath, shownVersionOf } from "~/domain/report-content";

describe("report addresses", () => {
  it("name the app in a search parameter, encoded, for the page and for its PDF", () => {
    expect(reportPagePath("app-1001-traits")).toBe("/results/report?app=app-1001-traits");
    expect(reportPdfPath("app-1001-traits")).toBe("/results/report.pdf?app=app-1001-traits");
    expect(reportPagePath("a&b=c/d é")).toBe("/results/report?app=a%26b%3Dc%2Fd+%C3%A9");
    expect(new URL(reportPdfPath("a&b=c/d é"), "http://portal.test").searchParams.get("app")).toBe("a&b=c/d é");
  });

  it("name a reissued report's version after the app, for the page and for its PDF", () => {
    expect(reportPagePath("app-1", 2)).toBe("/results/report?app=app-1&version=2");
    expect(reportPdfPath("app-1", 1)).toBe("/results/report.pdf?app=app-1&version=1");
  });
});

describe("a report's content as the results service answers it", () => {
  const report = {
    language: "en",
    title: "Traits",
    participantName: "Ada",
    sections: [{ heading: "Your traits", rows: [["Earwax type", "Wet"]] }],
  };

  it("is read when each row is a label and a value", () => {
    expect(ReportContentReplySchema.safeParse({ report }).success).toBe(true);
  });

  it("says which version a reissued report is, and whether a newer one exists", () => {
    const version = (number: number) => ({ version: number, issuedOn: "2026-09-08", change: null, changeEs: null });
    const earlier = ReportContentReplySchema.parse({ report, version: version(1), newestVersion: 2 });
    expect(shownVersionOf(earlier)).toEqual({ ...version(1), newest: false });
    expect(shownVersionOf(ReportContentReplySchema.parse({ report, version: version(2), newestVersion: 2 }))?.newest).toBe(true);
    expect(shownVersionOf(ReportContentReplySchema.parse({ report }))).toBeNull();
    expect(ReportContentReplySchema.safeParse({ report, version: { ...version(1), issuedOn: "yesterday" } }).success).toBe(false);
  });

  it("is refused with a row of another shape, a language the portal has no pages in, or no sections", () => {
    const withRow = (row: unknown[]) => ({ report: { ...report, sections: [{ heading: "x", rows: [row] }] } });
    expect(ReportContentReplySchema.safeParse(withRow(["Earwax type"])).success).toBe(false);
    expect(ReportContentReplySchema.safeParse(withRow(["a", "b", "c"])).success).toBe(false);
    expect(ReportContentReplySchema.safeParse({ report: { ...report, language: "fr" } }).success).toBe(false);
    expect(ReportContentReplySchema.safeParse({ report: { ...report, sections: undefined } }).success).toBe(false);
  });
});
