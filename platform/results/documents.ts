import type { ReportContent } from "./report-content.ts";
import type { AppRecord, PatientRecord } from "./repository.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** A self-contained, accessible HTML report page; every dynamic value is escaped. */
export function renderReportHtml(content: ReportContent, styleNonce: string): string {
  const sections = content.sections
    .map((section) => {
      const paragraphs = (section.paragraphs ?? []).map((p) => `<p>${escapeHtml(p)}</p>`).join("");
      const rows = section.rows?.length
        ? `<table><tbody>${section.rows
            .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
            .join("")}</tbody></table>`
        : "";
      return `<section><h2>${escapeHtml(section.heading)}</h2>${paragraphs}${rows}</section>`;
    })
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)}</title>
<style nonce="${styleNonce}">
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f2b;max-width:48rem;margin:0 auto;padding:1.5rem;line-height:1.5}
h1{color:#323D5F;font-size:1.75rem}h2{color:#323D5F;font-size:1.25rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #c9ccd6}
th{font-weight:600}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(content.title)}</h1>
${sections}
</main>
</body>
</html>
`;
}

/** A small VCF 4.2 file standing in for the exome download. */
export function renderExomeVcf(patient: PatientRecord, app: AppRecord, today: Date): string {
  const sample = patient.userId.replace(/[^A-Za-z0-9_-]/g, "_");
  const date = today.toISOString().slice(0, 10).replaceAll("-", "");
  return [
    "##fileformat=VCFv4.2",
    `##fileDate=${date}`,
    "##source=participant-portal-demo-results",
    `##comment=Demonstration data for app ${app.appID.replace(/[^A-Za-z0-9_.-]/g, "_")}; not real genetic information`,
    "##reference=GRCh38",
    '##INFO=<ID=DP,Number=1,Type=Integer,Description="Total depth">',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    `#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${sample}`,
    "chr1\t1014143\t.\tC\tT\t60\tPASS\tDP=38\tGT\t0/1",
    "chr2\t21006288\t.\tG\tA\t60\tPASS\tDP=41\tGT\t0/1",
    "chr19\t11100236\t.\tC\tT\t60\tPASS\tDP=35\tGT\t0/0",
    "",
  ].join("\n");
}
