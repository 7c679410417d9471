import type { ServerResponse } from "node:http";
import { buffer } from "node:stream/consumers";
import PDFDocument from "pdfkit";
import { programName } from "../../lib/program/strings.ts";
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

/**
 * The report as a tagged PDF (PDF/UA's structure: a Document of a title heading, section headings,
 * paragraphs and label–value paragraphs, in reading order), with its title shown as the window's,
 * its author (the program, named in the report's language as the portal writes it) and its language in
 * the file's metadata, so a screen reader reads it as it is laid out.
 */
export function renderReportPdf(content: ReportContent, author = programName(content.language)): Promise<Buffer> {
  const document = new PDFDocument({
    size: "LETTER",
    margin: 56,
    lang: content.language,
    displayTitle: true,
    tagged: true,
    pdfVersion: "1.7",
    info: { Title: drawableText(content.title), Author: drawableText(author), Subject: drawableText(content.participantName) },
  });
  const done = buffer(document);

  const root = document.struct("Document");
  document.addStructure(root);
  const tagged = (type: string, draw: () => void) => root.add(document.struct(type, {}, draw));

  tagged("P", () => document.font("Helvetica").fontSize(10).fillColor(NAVY).text(drawableText(author)));
  tagged("H1", () => document.moveDown(0.5).font("Helvetica-Bold").fontSize(20).text(drawableText(content.title)));
  for (const section of content.sections) {
    tagged("H2", () => document.moveDown(1).font("Helvetica-Bold").fontSize(13).fillColor(NAVY).text(drawableText(section.heading)));
    document.moveDown(0.3).font("Helvetica").fontSize(11).fillColor(INK);
    for (const paragraph of section.paragraphs ?? []) tagged("P", () => document.text(drawableText(paragraph)).moveDown(0.4));
    for (const [label, value] of section.rows ?? []) {
      tagged("P", () =>
        document
          .font("Helvetica-Bold")
          .text(`${drawableText(label)}: `, { continued: true })
          .font("Helvetica")
          .text(drawableText(value)),
      );
    }
  }
  root.end();
  document.end();
  return done;
}

/** A report's file name when saved: the app's name and the day it was issued, nothing a participant typed. */
export const reportFileName = (appName: string, issuedAt: Date) =>
  `report-${appName}-${issuedAt.toISOString().slice(0, 10)}.pdf`.replace(/[^A-Za-z0-9._-]/g, "_");

/** A PDF answered to be shown in the browser, with the caller's other headers. */
export function sendPdf(res: ServerResponse, body: Buffer, fileName: string, headers: Record<string, string> = {}) {
  res.writeHead(200, {
    ...headers,
    "content-type": "application/pdf",
    "content-disposition": `inline; filename="${fileName}"`,
    "content-length": body.length,
  });
  res.end(body);
}
