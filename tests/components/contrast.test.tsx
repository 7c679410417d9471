import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/styles/contrast";
import { palette } from "~/styles/palette";

const TEXT_AA = 4.5;
const NON_TEXT_AA = 3;

describe("contrastRatio", () => {
  it("matches the WCAG extremes and is symmetric", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#FFFFFF", "#FFFFFF")).toBeCloseTo(1, 5);
    expect(contrastRatio("#323D5F", "#FFFFFF")).toBeCloseTo(contrastRatio("#FFFFFF", "#323D5F"), 10);
  });

  it("agrees with a known reference value (#767676 on white is 4.54:1)", () => {
    expect(contrastRatio("#767676", "#FFFFFF")).toBeCloseTo(4.54, 2);
  });

  it("rejects colours it cannot read", () => {
    expect(() => contrastRatio("red", "#FFFFFF")).toThrow(/#rrggbb/);
  });
});

describe("portal palette meets WCAG 2.2 AA", () => {
  const { brand, neutral, focus } = palette;

  const textPairs: Array<[string, string, string]> = [
    ["text on surface", neutral.text, neutral.surface],
    ["text on page background", neutral.text, neutral.background],
    ["text on muted surface (prefilled fields)", neutral.text, neutral.surfaceMuted],
    ["muted text on surface", neutral.textMuted, neutral.surface],
    ["muted text on page background", neutral.textMuted, neutral.background],
    ["muted text on muted surface (disabled buttons)", neutral.textMuted, neutral.surfaceMuted],
    ["white on primary (filled button)", brand.onPrimary, brand.primary],
    ["white on primary hover", brand.onPrimary, brand.primaryHover],
    ["white on primary pressed", brand.onPrimary, brand.primaryActive],
    ["primary on surface (links, outlined buttons)", brand.primary, neutral.surface],
    ["primary on page background", brand.primary, neutral.background],
    ["primary on subtle primary (hover, selected)", brand.primary, brand.primarySubtle],
    ["error text on surface (inline errors)", palette.error.text, neutral.surface],
  ];
  for (const tone of ["info", "success", "warning", "error"] as const) {
    textPairs.push([`${tone} text on ${tone} background`, palette[tone].text, palette[tone].background]);
  }

  it.each(textPairs)("%s reaches 4.5:1", (_name, foreground, background) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(TEXT_AA);
  });

  const nonTextPairs: Array<[string, string, string]> = [
    ["input border on surface", neutral.border, neutral.surface],
    ["input border on page background", neutral.border, neutral.background],
    ["focus ring on surface", focus.ring, neutral.surface],
    ["focus ring on page background", focus.ring, neutral.background],
    ["primary outline on surface", brand.primary, neutral.surface],
    // The header's two-tone indicator: the white band on the navy bar, the blue ring on its white panels.
    ["focus halo on the header", focus.halo, brand.primary],
    ["focus ring on the header's menu panels", focus.ring, neutral.surface],
  ];
  for (const tone of ["info", "success", "warning", "error"] as const) {
    nonTextPairs.push([`${tone} border on ${tone} background`, palette[tone].border, palette[tone].background]);
  }

  it.each(nonTextPairs)("%s reaches 3:1", (_name, foreground, background) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(NON_TEXT_AA);
  });
});

/**
 * Every text colour of the theme against every background of the theme it may stand on. The theme
 * has two kinds of ground: light ones (surfaces, the page, the subtle and status tints) and dark ones
 * (the navy bar, its menus and buttons, the dark tooltip). Dark inks go on every light ground and
 * white goes on every dark one; a dark ink is never placed on a dark ground, which is how the
 * muted 'Signed in until …' note once sat on the navy mobile menu at 1.57:1.
 */
describe("every text/background pair of the theme reaches 4.5:1", () => {
  const { brand, neutral } = palette;
  const lightGrounds = {
    surface: neutral.surface,
    "page background": neutral.background,
    "muted surface": neutral.surfaceMuted,
    "subtle primary": brand.primarySubtle,
    "info background": palette.info.background,
    "success background": palette.success.background,
    "warning background": palette.warning.background,
    "error background": palette.error.background,
  };
  const darkGrounds = {
    "primary (header, mobile menu, filled buttons)": brand.primary,
    "primary hover": brand.primaryHover,
    "primary pressed": brand.primaryActive,
    "text colour (tooltips)": neutral.text,
  };
  const darkInks = {
    text: neutral.text,
    "muted text (notes, hints)": neutral.textMuted,
    primary: brand.primary,
    "error text": palette.error.text,
    "info text": palette.info.text,
    "success text": palette.success.text,
    "warning text": palette.warning.text,
  };
  const lightInks = { "white (on primary)": brand.onPrimary, "surface (tooltip text)": neutral.surface };

  const pairs = [
    ...Object.entries(darkInks).flatMap(([ink, fg]) => Object.entries(lightGrounds).map(([ground, bg]) => [ink, ground, fg, bg])),
    ...Object.entries(lightInks).flatMap(([ink, fg]) => Object.entries(darkGrounds).map(([ground, bg]) => [ink, ground, fg, bg])),
  ];

  it.each(pairs)("%s on %s", (_ink, _ground, foreground, background) => {
    expect(contrastRatio(foreground!, background!)).toBeGreaterThanOrEqual(TEXT_AA);
  });

  it("covers every colour of the palette that text is set in or on", () => {
    const inks = new Set<string>([...Object.values(darkInks), ...Object.values(lightInks)]);
    const grounds = new Set<string>([...Object.values(lightGrounds), ...Object.values(darkGrounds)]);
    const textColours = [
      neutral.text,
      neutral.textMuted,
      brand.primary,
      brand.onPrimary,
      ...["info", "success", "warning", "error"].map((tone) => palette[tone as "info"].text),
    ];
    const backgrounds = [
      neutral.surface,
      neutral.background,
      neutral.surfaceMuted,
      brand.primary,
      brand.primaryHover,
      brand.primaryActive,
      brand.primarySubtle,
      ...["info", "success", "warning", "error"].map((tone) => palette[tone as "info"].background),
    ];
    expect(textColours.filter((colour) => !inks.has(colour))).toEqual([]);
    expect(backgrounds.filter((colour) => !grounds.has(colour))).toEqual([]);
  });
});
