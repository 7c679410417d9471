import { describe, expect, it } from "vitest";
import { renderExomeVcf, renderReportHtml } from "../../../platform/results/documents.ts";
import { reportContentFor } from "../../../platform/results/report-content.ts";
import type { AppRecord, PatientRecord } from "../../../platform/results/repository.ts";

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
};
const app = (appName: string, label: string | null = "Label", type: string | null = null): AppRecord => ({
  appID: `app-${appName}`,
  appName,
  label,
  labelEs: null,
  type,
});

describe("report documents", () => {
  it("escapes every participant value and declares its language", () => {
    const html = renderReportHtml(reportContentFor(patient, app("traits", "Traits <b>", "traits")), "nonce123");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<style nonce="nonce123">');
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Test &amp; Co");
    expect(html).toContain("<title>Traits &lt;b&gt; — Traits report</title>");
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
    expect(reportContentFor(patient, app(appName)).title).toBe(`Label — ${kind}`);
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
