import { readFileSync } from "node:fs";
import subsetFont from "subset-font";
import { codePointsOf, INTER_WEIGHTS, interFontFaceRules, type InterFace } from "../../lib/design/inter-faces.ts";

const fontsource = new URL("../../node_modules/@fontsource-variable/inter/", import.meta.url);

/**
 * The OpenType features a browser applies to Latin text unless a stylesheet asks for more; the
 * theme asks for none, so the others (tabular figures, stylistic sets, fractions...) are bytes no
 * page draws.
 */
const FEATURES_BROWSERS_APPLY = ["kern", "liga", "clig", "calt", "ccmp", "locl", "mark", "mkmk", "rlig", "rclt", "rvrn"];

/** Where a face's file lives. */
export function faceFile(face: InterFace): URL {
  return new URL(`../../lib/design/fonts/${face.file}`, import.meta.url);
}

/** The portal's stylesheet of the faces (Vite resolves and fingerprints the URLs). */
export const PORTAL_STYLESHEET = new URL("../../app/styles/inter.css", import.meta.url);

/** Fontsource's ranges as its package declares them (a test checks lib/design/inter-faces.ts against them). */
export function fontsourceRanges(): Record<string, string> {
  return JSON.parse(readFileSync(new URL("unicode.json", fontsource), "utf8")) as Record<string, string>;
}

/** One face: Inter Variable's subset cut to the face's characters, the browsers' features and the theme's weights. */
export async function subsetFace(face: InterFace): Promise<Buffer> {
  const source = readFileSync(new URL(`files/inter-${face.subset}-wght-normal.woff2`, fontsource));
  // keepFeatures is subset-font's (2.9); @types/subset-font does not declare it yet.
  const options: Parameters<typeof subsetFont>[2] & { keepFeatures: string[] } = {
    targetFormat: "woff2",
    variationAxes: { wght: INTER_WEIGHTS },
    keepFeatures: FEATURES_BROWSERS_APPLY,
  };
  return subsetFont(source, String.fromCodePoint(...codePointsOf(face.unicodeRange)), options);
}

export function portalStylesheet(): string {
  const header = "/* Written by `npm run fonts` from lib/design/inter-faces.ts; do not edit. */\n";
  return header + interFontFaceRules((face) => `../../lib/design/fonts/${face.file}`);
}
