import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { ZipFile } from "yazl";
import { reportIsOffered } from "../../../lib/program/report-readiness.ts";
import { exomeFileName, exomeVcfDocument } from "../documents.ts";
import { isDownloadApp, type ReportLanguage } from "../report-content.ts";
import { renderReportPdf } from "../report-pdf.ts";
import { contentOfVersion, type ReportVersion } from "../report-versions.ts";
import type { AppRecord, ConsentRecord, PatientRecord } from "../repository.ts";
import { consentDocumentContent } from "./consent-document.ts";
import { exportReadme, type ListedFile } from "./export-readme.ts";

interface ParticipantData {
  patient: PatientRecord;
  apps: AppRecord[];
  consents: ConsentRecord[];
  /** A reissued report's versions, newest first, by app: the archive holds the newest. */
  reportVersions: Map<string, ReportVersion[]>;
}

interface ArchiveOptions {
  language: ReportLanguage;
  exportedAt: Date;
  onProgress: (filesDone: number, filesTotal: number) => Promise<void>;
}

interface PlannedFile {
  path: string;
  /** Opened only when it is this file's turn, so one file at most is being read at a time. */
  open: () => Promise<Readable>;
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, "_");

function planFiles(data: ParticipantData, options: ArchiveOptions): PlannedFile[] {
  const { patient, apps, consents, reportVersions } = data;
  const { language, exportedAt } = options;
  const versionOptions = { language, now: exportedAt };
  const pdf = async (content: Parameters<typeof renderReportPdf>[0]) => Readable.from([await renderReportPdf(content)]);
  // The reports My Results offers, no more: one not ready yet (the results service answers 409 for
  // it) or of an app without a card is not the participant's to open yet.
  const offered = apps.filter((app) => reportIsOffered(app, patient.kitStatus));
  const reports = offered.map((app): PlannedFile =>
    isDownloadApp(app)
      ? { path: `reports/${exomeFileName(patient.userId)}`, open: async () => exomeVcfDocument(patient, app, exportedAt).stream() }
      : {
          path: `reports/${safeName(app.appName)}-report.pdf`,
          open: () => pdf(contentOfVersion(reportVersions.get(app.appID) ?? [], patient, app, versionOptions)!.content),
        },
  );
  const consentDocuments = consents.map((consent): PlannedFile => ({
    path: `consents/${safeName(consent.consent)}-version-${safeName(consent.version)}.pdf`,
    open: () => pdf(consentDocumentContent(patient, consent, apps, language)),
  }));
  const machineReadable: PlannedFile = {
    path: "results.json",
    open: async () => Readable.from([Buffer.from(JSON.stringify(resultsJson(data, exportedAt), null, 2) + "\n")]),
  };
  return withUniquePaths([...reports, ...consentDocuments, machineReadable]);
}

/**
 * One entry per file: a path already taken (two apps with one appName, two exome downloads, names
 * that differ only in case or in characters `safeName` replaces) gets `-2`, `-3`… before its
 * extension, so no report is lost when the archive is unpacked and `sha256sum -c` checks each one.
 */
function withUniquePaths(files: PlannedFile[]): PlannedFile[] {
  const taken = new Set<string>();
  return files.map((file) => {
    const { dir, name, ext } = path.posix.parse(file.path);
    let unique = file.path;
    for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = path.posix.join(dir, `${name}-${n}${ext}`);
    taken.add(unique.toLowerCase());
    return { ...file, path: unique };
  });
}

/** The participant's data in a form programs can read: the same fields the portal is sent, nothing more. */
function resultsJson({ patient, apps, consents }: ParticipantData, exportedAt: Date) {
  return {
    exportedAt: exportedAt.toISOString(),
    participant: {
      userId: patient.userId,
      firstName: patient.firstName,
      middleName: patient.middleName,
      lastName: patient.lastName,
      email: patient.email,
    },
    kit: {
      status: patient.kitStatus,
      history: patient.kitEvents,
      nextStepExpectedBy: patient.nextStepExpectedBy,
      delayReason: patient.delayReason,
    },
    apps: apps.map((app) => ({ appID: app.appID, appName: app.appName, label: app.label, labelEs: app.labelEs, type: app.type })),
    consents,
  };
}

/** Passes a file through unchanged, counting its bytes and its SHA-256 for the README. */
function measuring() {
  const hash = createHash("sha256");
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  const measured = finished(tap).then(() => ({ bytes, sha256: hash.digest("hex") }));
  return { tap, measured };
}

/**
 * Writes the participant's archive to `destination`, streaming each file into the ZIP as it is read
 * (nothing is held whole but one small PDF), then README.txt listing every file with its checksum.
 * The archive is written beside the destination and renamed when complete, so a crash leaves no
 * file that looks finished.
 */
export async function writeExportArchive(
  data: ParticipantData,
  destination: string,
  options: ArchiveOptions,
): Promise<{ bytes: number; files: ListedFile[] }> {
  const planned = planFiles(data, options);
  const total = planned.length + 1;
  const partial = `${destination}.part`;
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(partial));
  const listed: ListedFile[] = [];
  try {
    for (const file of planned) {
      const { tap, measured } = measuring();
      const source = await file.open();
      source.on("error", (error) => tap.destroy(error));
      zip.addReadStream(source.pipe(tap), file.path, { mtime: options.exportedAt, compress: true });
      listed.push({ path: file.path, ...(await measured) });
      await options.onProgress(listed.length, total);
    }
    const readme = exportReadme(options.language, options.exportedAt, listed);
    zip.addBuffer(Buffer.from(readme), "README.txt", { mtime: options.exportedAt, compress: true });
    zip.end();
    await written;
    await rename(partial, destination);
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
  await options.onProgress(total, total);
  return { bytes: (await stat(destination)).size, files: listed };
}
