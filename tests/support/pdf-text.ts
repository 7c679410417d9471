import { inflateSync } from "node:zlib";

/** The words drawn on a report PDF's pages (pdfkit writes each run of text as a hex string after inflating). */
export function drawnText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const [, hex] of content.matchAll(/<([0-9a-f]+)>/gi)) {
      texts.push(Buffer.from(hex!, "hex").toString("latin1").replaceAll("\x97", "—").replaceAll("\x96", "–"));
    }
  }
  return texts.join("");
}
