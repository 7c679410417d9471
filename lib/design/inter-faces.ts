/**
 * The faces of Inter the portal and the identity provider declare (files in lib/design/fonts/,
 * written by `npm run fonts`). A browser downloads a face only when the page writes a character of
 * its range, so the first face holds what an English or Spanish page writes and nothing else: it is
 * the one file on every first paint, and the one both services preload.
 */

/** Fontsource's ranges for Inter's Latin subsets (@fontsource-variable/inter/unicode.json). */
export const FONTSOURCE_RANGES = {
  latin:
    "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
  "latin-ext":
    "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF",
} as const;

/**
 * ASCII (its control characters too: a face that covered the line feed would be fetched for any
 * text with a line break), the letters and signs of Spanish and of typeset English, the footer's
 * middle dot, and the spaces and hyphens dates and numbers are formatted with (U+00A0,
 * U+2000–2011, U+202F).
 */
const WHAT_PAGES_WRITE =
  "U+0000-007F,U+00A0-00A1,U+00A9-00AB,U+00B7,U+00BA-00BB,U+00BF,U+00C1,U+00C9,U+00CD,U+00D1,U+00D3,U+00DA,U+00DC,U+00E1,U+00E9,U+00ED,U+00F1,U+00F3,U+00FA,U+00FC,U+2000-2011,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+202F";

/** The theme's weights (400, 500, 700; the hosted pages 600): the span of the weight axis every file keeps. */
export const INTER_WEIGHTS = { min: 400, max: 700 } as const;

const weights = `wght-${INTER_WEIGHTS.min}-${INTER_WEIGHTS.max}`;

export function codePointsOf(unicodeRange: string): Set<number> {
  const codePoints = new Set<number>();
  for (const range of unicodeRange.split(",")) {
    const [first, last = first] = range.trim().replace(/^U\+/i, "").split("-");
    for (let codePoint = Number.parseInt(first!, 16); codePoint <= Number.parseInt(last!, 16); codePoint++) codePoints.add(codePoint);
  }
  return codePoints;
}

function unicodeRangeOf(codePoints: Iterable<number>): string {
  const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, "0");
  const runs: [number, number][] = [];
  for (const codePoint of [...codePoints].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last?.[1] === codePoint - 1) last[1] = codePoint;
    else runs.push([codePoint, codePoint]);
  }
  return runs.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(",");
}

const core = codePointsOf(WHAT_PAGES_WRITE);
const restOfLatin = [...codePointsOf(FONTSOURCE_RANGES.latin)].filter((codePoint) => !core.has(codePoint));

/**
 * The portal's three faces, each a file in lib/design/fonts/ cut from a Fontsource subset: what the
 * catalogs write, the rest of Latin, and Latin Extended (names and addresses).
 */
export const INTER_FACES = [
  { file: `inter-core-${weights}.woff2`, subset: "latin", unicodeRange: unicodeRangeOf(core) },
  { file: `inter-latin-rest-${weights}.woff2`, subset: "latin", unicodeRange: unicodeRangeOf(restOfLatin) },
  { file: `inter-latin-ext-${weights}.woff2`, subset: "latin-ext", unicodeRange: FONTSOURCE_RANGES["latin-ext"] },
] as const;

export type InterFace = (typeof INTER_FACES)[number];

/** The face on every first paint, which the pages preload. */
export const PRELOADED_FACE = INTER_FACES[0];

/**
 * The @font-face rules, each file's URL given by its service. 'optional': a page shows the fallback
 * font rather than swap fonts once it has painted, so a slow connection's first page does not paint
 * its text twice; the preloaded face is there for the next page.
 */
export function interFontFaceRules(urlOf: (face: InterFace) => string): string {
  return INTER_FACES.map(
    (face) =>
      `@font-face {\n  font-family: "Inter Variable";\n  font-style: normal;\n  font-display: optional;\n  font-weight: ${INTER_WEIGHTS.min} ${INTER_WEIGHTS.max};\n  src: url("${urlOf(face)}") format("woff2-variations");\n  unicode-range: ${face.unicodeRange.replaceAll(",", ", ")};\n}\n`,
  ).join("\n");
}
