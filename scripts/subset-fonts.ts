/**
 * Writes the faces of Inter the portal and the identity provider serve (lib/design/fonts/) and the
 * portal's stylesheet for them (app/styles/inter.css), from lib/design/inter-faces.ts: Fontsource's
 * Latin subsets with the weight axis cut to the theme's weights and only the features browsers apply,
 * and what the catalogs write in a face of its own (docs/performance.md).
 * Run after updating @fontsource-variable/inter or the faces: npm run fonts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { INTER_FACES } from "../lib/design/inter-faces.ts";
import { faceFile, PORTAL_STYLESHEET, portalStylesheet, subsetFace } from "./fonts/subset-inter.ts";

const folder = dirname(fileURLToPath(faceFile(INTER_FACES[0])));
mkdirSync(folder, { recursive: true });
for (const stale of readdirSync(folder)) if (!INTER_FACES.some((face) => face.file === stale)) rmSync(`${folder}/${stale}`);
for (const face of INTER_FACES) {
  const font = await subsetFace(face);
  writeFileSync(faceFile(face), font);
  console.log(`${face.file}: ${font.length} bytes`);
}
writeFileSync(PORTAL_STYLESHEET, portalStylesheet());
console.log(`${fileURLToPath(PORTAL_STYLESHEET)} written`);
