import { Readable } from "node:stream";
import type { AppRecord, PatientRecord } from "./repository.ts";

/** The three records of the small demonstration file, when the app names no size. */
const DEMO_RECORDS = [
  "chr1\t1014143\t.\tC\tT\t60\tPASS\tDP=38\tGT\t0/1",
  "chr2\t21006288\t.\tG\tA\t60\tPASS\tDP=41\tGT\t0/1",
  "chr19\t11100236\t.\tC\tT\t60\tPASS\tDP=35\tGT\t0/0",
];
/** Records are written in batches of this many lines (about 32 KB), so a large file is never held whole. */
const RECORDS_PER_CHUNK = 512;

function vcfHeader(patient: PatientRecord, app: AppRecord, today: Date): string {
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
    "",
  ].join("\n");
}

/** A generated record (the first): every line has the same length, so the file's size is known in advance. */
const RECORD_TEMPLATE = Buffer.from("chr01\t0000010000\t.\tA\tC\t60\tPASS\tDP=20\tGT\t0/1\n");
const RECORD_BYTES = RECORD_TEMPLATE.length;
/** Where the varying fields sit in a record. */
const FIELD = { chromosome: 3, position: 6, ref: 19, alt: 21, depth: 34 } as const;
const BASE_CODES = Buffer.from("ACGT");

function writeDigits(target: Buffer, offset: number, value: number, width: number) {
  for (let place = width - 1, rest = value; place >= 0; place--, rest = Math.floor(rest / 10)) target[offset + place] = 48 + (rest % 10);
}

/** Records `start`… written straight into one buffer, without a string per line. */
function recordsChunk(start: number, count: number): Buffer {
  const chunk = Buffer.allocUnsafe(count * RECORD_BYTES);
  for (let n = 0; n < count; n++) {
    const index = start + n;
    const at = n * RECORD_BYTES;
    RECORD_TEMPLATE.copy(chunk, at);
    writeDigits(chunk, at + FIELD.chromosome, (index % 22) + 1, 2);
    writeDigits(chunk, at + FIELD.position, 10_000 + index * 37, 10);
    chunk[at + FIELD.ref] = BASE_CODES[index % 4]!;
    chunk[at + FIELD.alt] = BASE_CODES[(index + 1 + (index % 3)) % 4]!;
    writeDigits(chunk, at + FIELD.depth, 20 + (index % 60), 2);
  }
  return chunk;
}

export const exomeFileName = (userId: string) => `${userId}-exome.vcf`.replace(/[^A-Za-z0-9._-]/g, "_");

/** A small VCF 4.2 file standing in for the exome download. */
export function renderExomeVcf(patient: PatientRecord, app: AppRecord, today: Date): string {
  return vcfHeader(patient, app, today) + DEMO_RECORDS.map((record) => `${record}\n`).join("");
}

/**
 * The exome file as a stream and its exact size. An app with a document size (a stand-in for a real
 * exome of that many bytes) gets generated records up to that size, produced as they are read.
 */
export function exomeVcfDocument(patient: PatientRecord, app: AppRecord, today: Date): { bytes: number; stream: () => Readable } {
  if (!app.documentBytes) {
    const body = renderExomeVcf(patient, app, today);
    return { bytes: Buffer.byteLength(body), stream: () => Readable.from([Buffer.from(body)]) };
  }
  const header = vcfHeader(patient, app, today);
  const records = Math.max(0, Math.floor((app.documentBytes - Buffer.byteLength(header)) / RECORD_BYTES));
  return {
    bytes: Buffer.byteLength(header) + records * RECORD_BYTES,
    stream: () =>
      Readable.from(
        (function* () {
          yield Buffer.from(header);
          for (let start = 0; start < records; start += RECORDS_PER_CHUNK)
            yield recordsChunk(start, Math.min(RECORDS_PER_CHUNK, records - start));
        })(),
        { objectMode: false, highWaterMark: 64 * 1024 },
      ),
  };
}
