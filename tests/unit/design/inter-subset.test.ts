import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { charactersOf, subsetFile, subsetInter, subsets } from "../../../scripts/fonts/subset-inter.ts";

describe("the portal's copy of Inter (lib/design/fonts/, npm run fonts)", () => {
  for (const subset of subsets) {
    it(`${subset}: is what the installed @fontsource-variable/inter gives, with the theme's weights`, async () => {
      const committed = readFileSync(subsetFile(subset));
      expect(committed.equals(await subsetInter(subset)), "run `npm run fonts` after updating @fontsource-variable/inter").toBe(true);
    });
  }

  it("keeps every letter and sign the portal's and the hosted pages' English and Spanish write", () => {
    const covered = new Set(subsets.flatMap((subset) => [...charactersOf(subset)]));
    const catalogs = [
      ...["en", "es"].flatMap((language) => {
        const folder = new URL(`../../../app/locales/${language}/`, import.meta.url);
        return readdirSync(folder).map((name) => new URL(name, folder));
      }),
      ...["en", "es"].map((language) => new URL(`../../../platform/identity/locales/${language}.json`, import.meta.url)),
    ];
    const words = catalogs.map((file) => readFileSync(file, "utf8")).join("");
    expect([...new Set([...words].filter((character) => !covered.has(character) && character !== "\n"))]).toEqual([]);
  });
});
