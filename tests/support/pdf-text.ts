import { inflateSync } from "node:zlib";

/** The words drawn on a report PDF's pages (pdfkit writes each run of text as a hex string after inflating). */
export function drawnText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const texts: string[] = [];
  // Each stream is read by its dictionary's /Length: compressed bytes may end in "\r", which a
  // pattern ending at "\r?\nendstream" would take for the line break and cut off.
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(match[1]))).toString("latin1");
    } catch {
      continue;
    }
    for (const [, hex] of content.matchAll(/<([0-9a-f]+)>/gi)) {
      texts.push(Buffer.from(hex!, "hex").toString("latin1").replaceAll("\x97", "—").replaceAll("\x96", "–"));
    }
  }
  return texts.join("");
}
