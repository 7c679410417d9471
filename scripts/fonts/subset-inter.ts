import { readFileSync } from "node:fs";
import subsetFont from "subset-font";

/** The weights the theme uses (app/styles/theme.css.ts: 400, 500, 700); the font keeps that span of its axis. */
export const weightAxis = { min: 400, max: 700 } as const;
export const subsets = ["latin", "latin-ext"] as const;
export type Subset = (typeof subsets)[number];

const fontsource = new URL("../../node_modules/@fontsource-variable/inter/", import.meta.url);
const unicodeRanges = JSON.parse(readFileSync(new URL("unicode.json", fontsource), "utf8")) as Record<Subset, string>;

/** Where the page's copy of one subset lives (the portal's app/styles/inter.css and the identity provider's stylesheet name it). */
export function subsetFile(subset: Subset): URL {
  return new URL(`../../lib/design/fonts/inter-${subset}-wght-${weightAxis.min}-${weightAxis.max}.woff2`, import.meta.url);
}

/** Every code point of a subset's `unicode-range` (as Fontsource declares it), as text. */
export function charactersOf(subset: Subset): string {
  const codePoints: number[] = [];
  for (const range of unicodeRanges[subset].split(",")) {
    const [first, last = first] = range.replace(/^U\+/, "").split("-");
    for (let codePoint = Number.parseInt(first!, 16); codePoint <= Number.parseInt(last!, 16); codePoint++) codePoints.push(codePoint);
  }
  return String.fromCodePoint(...codePoints);
}

/** Inter Variable's subset, every glyph of its range kept, its weight axis cut to what the theme uses. */
export async function subsetInter(subset: Subset): Promise<Buffer> {
  const source = readFileSync(new URL(`files/inter-${subset}-wght-normal.woff2`, fontsource));
  return subsetFont(source, charactersOf(subset), { targetFormat: "woff2", variationAxes: { wght: weightAxis } });
}
