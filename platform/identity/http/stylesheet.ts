import { readFile } from "node:fs/promises";
import { interFontFaceRules, PRELOADED_FACE, type InterFace } from "../../../lib/design/inter-faces.ts";
import { palette } from "../../../lib/design/palette.ts";
import { inProject } from "../../../lib/project-root.ts";

const OWN_STYLES = inProject("platform/identity/assets/identity.css");

const interFontPath = (face: InterFace) => `/assets/${face.file}`;

/** The face every hosted page preloads, as the portal does. */
export const PRELOADED_FONT_PATH = interFontPath(PRELOADED_FACE);

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The portal's colours as --color-* variables, named as the portal's theme names them. */
function colourVariables(): string {
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

/** GET /assets/identity.css: the portal's tokens and font, then the hosted pages' own rules. */
export async function identityStylesheet(): Promise<string> {
  return `${interFontFaceRules(interFontPath)}${colourVariables()}${await readFile(OWN_STYLES, "utf8")}`;
}
