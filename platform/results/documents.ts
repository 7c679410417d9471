import type { AppRecord, PatientRecord } from "./repository.ts";

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
