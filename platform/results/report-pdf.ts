import PDFDocument from "pdfkit";
import type { ReportContent } from "./report-content.ts";

/** Beyond Latin-1, the characters the PDF standard fonts' WinAnsi encoding can write. */
const WIN_ANSI_EXTRAS = new Set([..."—–‘’“”•…€‚„†‡‰‹›™ŒœŠšŽžŸƒˆ˜"]);
/** Letters with no accent to drop, written as the nearest letter the encoding has. */
const NEAREST_LETTER: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i", Ŧ: "T", ŧ: "t" };

/**
 * Text the standard fonts can draw: a letter the encoding lacks loses its accent where that leaves a
 * letter it has, and is '?' otherwise; never a wrong glyph or a broken file.
 */
export function drawableText(text: string): string {
  return [...text]
    .map((character) => {
      const code = character.codePointAt(0) ?? 0;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character)) return character;
      if (NEAREST_LETTER[character]) return NEAREST_LETTER[character];
      const base = character.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      return base && [...base].every((part) => (part.codePointAt(0) ?? 0) <= 0xff) ? base : "?";
    })
    .join("");
}

const NAVY = "#323D5F";
const INK = "#1B1F2B";

/** The report as a PDF document (A4/Letter-neutral margins), with its title, author and language in the file's metadata. */
export function renderReportPdf(content: ReportContent, author: string): Promise<Buffer> {
  const document = new PDFDocument({
    size: "LETTER",
    margin: 56,
    lang: content.language,
    displayTitle: true,
    info: { Title: drawableText(content.title), Author: drawableText(author), Subject: drawableText(content.participantName) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
  });

  document.font("Helvetica").fontSize(10).fillColor(NAVY).text(drawableText(author));
  document.moveDown(0.5).font("Helvetica-Bold").fontSize(20).text(drawableText(content.title));
  for (const section of content.sections) {
    document.moveDown(1).font("Helvetica-Bold").fontSize(13).fillColor(NAVY).text(drawableText(section.heading));
    document.moveDown(0.3).font("Helvetica").fontSize(11).fillColor(INK);
    for (const paragraph of section.paragraphs ?? []) document.text(drawableText(paragraph)).moveDown(0.4);
    for (const [label, value] of section.rows ?? []) {
      document
        .font("Helvetica-Bold")
        .text(`${drawableText(label)}: `, { continued: true })
        .font("Helvetica")
        .text(drawableText(value));
    }
  }
  document.end();
  return done;
}
