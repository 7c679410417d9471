/**
 * Writes the copies of Inter the portal and the identity provider serve (lib/design/fonts/):
 * Fontsource's Latin subsets with the weight axis cut to the theme's weights, 36 % fewer bytes
 * (docs/performance.md). Run after updating @fontsource-variable/inter: npm run fonts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { subsetFile, subsetInter, subsets } from "./fonts/subset-inter.ts";

for (const subset of subsets) {
  const file = fileURLToPath(subsetFile(subset));
  mkdirSync(dirname(file), { recursive: true });
  const font = await subsetInter(subset);
  writeFileSync(file, font);
  console.log(`${file}: ${font.length} bytes`);
}
