import { readFile } from "node:fs/promises";
import { palette } from "../../../lib/design/palette.ts";

const OWN_STYLES = new URL("../assets/identity.css", import.meta.url);

/** The fonts the hosted pages serve: the portal's Inter, Latin and Latin Extended (English and Spanish). */
export const INTER_FONTS = {
  "/assets/inter-latin.woff2": "inter-latin-wght-400-700.woff2",
  "/assets/inter-latin-ext.woff2": "inter-latin-ext-wght-400-700.woff2",
} as const;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The portal's colours as --color-* variables, named as the portal's theme names them. */
export function colourVariables(): string {
  const { brand, neutral, focus, ...tones } = palette;
  const lines = [
    ...Object.entries({ ...brand, ...neutral }).map(([name, value]) => `  --color-${kebab(name)}: ${value};`),
    `  --color-focus-ring: ${focus.ring};`,
    `  --color-focus-halo: ${focus.halo};`,
    ...Object.entries(tones).flatMap(([tone, colours]) =>
      Object.entries(colours).map(([part, value]) => `  --color-${tone}-${kebab(part)}: ${value};`),
    ),
  ];
  return `:root {\n${lines.join("\n")}\n}\n`;
}

/** Inter as the portal declares it: 'optional', so a slow first page keeps its fallback rather than repaint. */
function fontFaces(): string {
  const face = (src: string, range: string) =>
    `@font-face {\n  font-family: "Inter Variable";\n  font-style: normal;\n  font-display: optional;\n  font-weight: 400 700;\n  src: url("${src}") format("woff2-variations");\n  unicode-range: ${range};\n}\n`;
  return (
    face(
      "/assets/inter-latin.woff2",
      "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD",
    ) +
    face(
      "/assets/inter-latin-ext.woff2",
      "U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF",
    )
  );
}

/** GET /assets/identity.css: the portal's tokens and font, then the hosted pages' own rules. */
export async function identityStylesheet(): Promise<string> {
  return `${fontFaces()}${colourVariables()}${await readFile(OWN_STYLES, "utf8")}`;
}
