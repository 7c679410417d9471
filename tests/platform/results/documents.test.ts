import { describe, expect, it } from "vitest";
import { renderExomeVcf } from "../../../platform/results/documents.ts";
import { reportContentFor, type ReportLanguage } from "../../../platform/results/report-content.ts";
import { drawableText, renderReportPdf } from "../../../platform/results/report-pdf.ts";
import type { AppRecord, PatientRecord } from "../../../platform/results/repository.ts";
import { drawnText } from "../../support/pdf-text";

const patient: PatientRecord = {
  userId: "P1001",
  sourceId: "dna-discovery",
  email: "ada@example.test",
  firstName: "<script>alert(1)</script>",
  middleName: null,
  lastName: "O'Test & Co",
  kitStatus: 5,
  isHealthOrResearch: true,
  agreements: ["rc"],
  heapIdentifier: "h",
  kitEvents: [],
  nextStepExpectedBy: null,
  delayReason: null,
};
const app = (appName: string, label: string | null = "Label", type: string | null = null): AppRecord => ({
  appID: `app-${appName}`,
  appName,
  label,
  labelEs: null,
  type,
  documentBytes: null,
  fhFinding: null,
});

const issuedAt = new Date("2026-03-04T10:00:00Z");
const laboratory = "CLIA #05D2100000 · CAP #1234567";
const contentFor = (record: AppRecord, language: ReportLanguage = "en") =>
  reportContentFor(patient, record, { language, issuedAt, laboratory });

describe("report documents", () => {
  it("is a PDF with the participant's name, the app, the date and the lab's accreditation", async () => {
    const pdf = await renderReportPdf(contentFor(app("traits", "Traits <b>", "traits")), "DNA Discovery Program");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const drawn = drawnText(pdf);
    expect(drawn).toContain("<script>alert(1)</script> O'Test & Co");
    expect(drawn).toContain("Traits <b> — Traits report");
    expect(drawn).toContain("March 4, 2026");
    expect(drawn).toContain(laboratory);
    expect(drawn).toContain("DNA Discovery Program");
    expect(pdf.toString("latin1")).toContain("/Lang (en)");
  });

  it("is written in Spanish, with the Spanish label, for a participant reading Spanish", async () => {
    const record = { ...app("ancestry", "Ancestry"), labelEs: "Ascendencia" };
    const content = contentFor(record, "es");
    expect(content.title).toBe("Ascendencia — Informe de ascendencia");
    const pdf = await renderReportPdf(content, "Programa DNA Discovery");
    const drawn = drawnText(pdf);
    expect(drawn).toContain("4 de marzo de 2026");
    expect(drawn).toContain("Composición de ascendencia");
    expect(pdf.toString("latin1")).toContain("/Lang (es)");
  });

  it("draws names the standard fonts cannot write without breaking the file", () => {
    expect(drawableText("Zoë Łukasz Nguyễn 李")).toBe("Zoë Lukasz Nguyen ?");
  });

  it.each([
    ["health", "Health report"],
    ["fh-health", "Familial hypercholesterolemia report"],
    ["women-wellness", "Women's wellness report"],
    ["ancestry", "Ancestry report"],
    ["traits", "Traits report"],
    ["nevada-traits", "Traits report"],
    ["biobank-traits", "Traits report"],
    ["whole-person-traits", "Traits report"],
  ])("gives the %s app a %s", (appName, kind) => {
    expect(contentFor(app(appName)).title).toBe(`Label — ${kind}`);
  });

  it("writes a VCF 4.2 file naming the participant as the sample", () => {
    const vcf = renderExomeVcf(patient, app("exome-download"), new Date("2026-03-04T10:00:00Z"));
    const lines = vcf.trimEnd().split("\n");
    expect(lines[0]).toBe("##fileformat=VCFv4.2");
    expect(lines).toContain("##fileDate=20260304");
    expect(lines.find((line) => line.startsWith("#CHROM"))!.split("\t")).toHaveLength(10);
    expect(lines.filter((line) => !line.startsWith("#")).every((line) => line.split("\t").length === 10)).toBe(true);
  });
});

describe("tagged PDFs (reports, consent documents and the archive's PDFs share the renderer)", () => {
  it("marks the file tagged, with a structure tree of headings and paragraphs, its language and its title shown", async () => {
    const pdf = await renderReportPdf(
      {
        title: "Traits report",
        language: "es",
        participantName: "Ada Testwell",
        sections: [{ heading: "Resumen", paragraphs: ["Un párrafo."], rows: [["Fecha", "1 de diciembre de 2026"]] }],
      } as Parameters<typeof renderReportPdf>[0],
      "DNA Discovery Program",
    );
    const text = pdf.toString("latin1");
    // A dictionary entry's value, following an indirect reference ('5 0 R') to its object.
    const entry = (key: string) => {
      const value = new RegExp(`/${key} (\\d+ 0 R|\\([^)]*\\)|\\w+)`).exec(text)?.[1] ?? "";
      const reference = /^(\d+) 0 R$/.exec(value);
      return reference ? (new RegExp(`\\n${reference[1]} 0 obj\\n([\\s\\S]*?)\\nendobj`).exec(text)?.[1] ?? "") : value;
    };
    expect(entry("MarkInfo")).toMatch(/\/Marked true/);
    expect(entry("StructTreeRoot")).toMatch(/\/Type \/StructTreeRoot/);
    expect(entry("Lang")).toBe("(es)");
    expect(entry("DisplayDocTitle")).toBe("true");
    expect(entry("Title")).toContain("Traits report");
    for (const role of ["/S /Document", "/S /H1", "/S /H2", "/S /P"]) expect(text).toContain(role);
  });
});
