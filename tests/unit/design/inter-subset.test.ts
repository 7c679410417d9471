import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { codePointsOf, FONTSOURCE_RANGES, INTER_FACES, PRELOADED_FACE } from "../../../lib/design/inter-faces.ts";
import { faceFile, fontsourceRanges, PORTAL_STYLESHEET, portalStylesheet, subsetFace } from "../../../scripts/fonts/subset-inter.ts";

function catalogText(): string {
  const catalogs = [
    ...["en", "es"].flatMap((language) => {
      const folder = new URL(`../../../app/locales/${language}/`, import.meta.url);
      return readdirSync(folder).map((name) => new URL(name, folder));
    }),
    ...["en", "es"].map((language) => new URL(`../../../platform/identity/locales/${language}.json`, import.meta.url)),
  ];
  return catalogs.map((file) => readFileSync(file, "utf8")).join("");
}

const outside = (text: string, covered: Set<number>) => [
  ...new Set([...text].filter((character) => !covered.has(character.codePointAt(0)!))),
];

describe("the portal's faces of Inter (lib/design/fonts/, npm run fonts)", () => {
  for (const face of INTER_FACES) {
    it(`${face.file}: is what the installed @fontsource-variable/inter gives, with the theme's weights`, async () => {
      const committed = readFileSync(faceFile(face));
      expect(committed.equals(await subsetFace(face)), "run `npm run fonts` after updating @fontsource-variable/inter").toBe(true);
    });
  }

  it("declares the faces in the portal's stylesheet as lib/design/inter-faces.ts names them", () => {
    expect(readFileSync(PORTAL_STYLESHEET, "utf8"), "run `npm run fonts`").toBe(portalStylesheet());
  });

  it("covers what Fontsource's Latin subsets cover, each character in one face at most (combining marks aside, as Fontsource has them)", () => {
    expect(FONTSOURCE_RANGES).toEqual({ latin: fontsourceRanges().latin, "latin-ext": fontsourceRanges()["latin-ext"] });
    const declared = INTER_FACES.flatMap((face) => [...codePointsOf(face.unicodeRange)]);
    const fontsource = [...codePointsOf(FONTSOURCE_RANGES.latin), ...codePointsOf(FONTSOURCE_RANGES["latin-ext"])];
    expect(new Set(declared)).toEqual(new Set(fontsource));
    const [core, ...others] = INTER_FACES.map((face) => codePointsOf(face.unicodeRange));
    expect([...core!].filter((codePoint) => others.some((face) => face.has(codePoint)))).toEqual([]);
  });

  it("draws every letter and sign the portal's and the hosted pages' English and Spanish write from the one preloaded face", () => {
    expect(outside(catalogText().replaceAll("\n", ""), codePointsOf(PRELOADED_FACE.unicodeRange))).toEqual([]);
  });

  it("draws the dates, times and numbers both languages format from the preloaded face", () => {
    const moment = new Date(Date.UTC(2026, 10, 28, 21, 5));
    const formatted = ["en-US", "es-US", "es-ES", "es"].flatMap((locale) => [
      new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "America/New_York" }).format(moment),
      new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(moment),
      new Intl.NumberFormat(locale).format(1234567.89),
    ]);
    expect(outside(formatted.join(""), codePointsOf(PRELOADED_FACE.unicodeRange))).toEqual([]);
  });
});
