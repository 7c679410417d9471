import { programName } from "../../../lib/program/strings.ts";
import type { ReportLanguage } from "../report-content.ts";

/** A file of the archive as README.txt lists it. */
export interface ListedFile {
  path: string;
  bytes: number;
  sha256: string;
}

const words = {
  en: {
    title: (program: string) => `Your data from the ${program}`,
    exported: (when: string) => `Prepared on ${when} (UTC).`,
    contents: "What this archive holds:",
    reports:
      "reports/ - every report you can open in the portal: PDF documents, and your exome file (VCF) if you have one. A report whose results are not ready yet is not here: ask for a new download once My Results offers it.",
    consents:
      "consents/ - the consent documents you signed, one for each version, with the day you gave it and the day you withdrew it if you did.",
    results: "results.json - the same information in a form other programs can read: your apps, your kit's history and your consents.",
    checksums:
      "Files, sizes and SHA-256 checksums. To check that nothing was changed, run `sha256sum -c` on the lines that start with a checksum:",
    bytes: "bytes",
    questions: "Questions about your data: write to the support address shown in the portal.",
  },
  es: {
    title: (program: string) => `Sus datos del ${program}`,
    exported: (when: string) => `Preparado el ${when} (UTC).`,
    contents: "Qué contiene este archivo:",
    reports:
      "reports/ - todos los informes que puede abrir en el portal: documentos PDF y su archivo de exoma (VCF) si lo tiene. Un informe cuyos resultados aún no están listos no está aquí: pida una nueva descarga cuando Mis resultados lo ofrezca.",
    consents:
      "consents/ - los documentos de consentimiento que firmó, uno por versión, con el día en que lo otorgó y el día en que lo retiró si lo hizo.",
    results:
      "results.json - la misma información en un formato que otros programas pueden leer: sus aplicaciones, la historia de su kit y sus consentimientos.",
    checksums:
      "Archivos, tamaños y sumas de comprobación SHA-256. Para comprobar que nada cambió, ejecute `sha256sum -c` con las líneas que empiezan por una suma:",
    bytes: "bytes",
    questions: "Preguntas sobre sus datos: escriba a la dirección de soporte que aparece en el portal.",
  },
} satisfies Record<ReportLanguage, unknown>;

/** README.txt in the participant's language: what each part is, then every file with its size and checksum. */
export function exportReadme(language: ReportLanguage, exportedAt: Date, files: readonly ListedFile[]): string {
  const w = words[language];
  const when = new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(exportedAt);
  return [
    w.title(programName(language)),
    w.exported(when),
    "",
    w.contents,
    `- ${w.reports}`,
    `- ${w.consents}`,
    `- ${w.results}`,
    "",
    w.checksums,
    "",
    ...files.map((file) => `${file.sha256}  ${file.path}`),
    "",
    ...files.map((file) => `${file.path}: ${file.bytes} ${w.bytes}`),
    "",
    w.questions,
    "",
  ].join("\n");
}
