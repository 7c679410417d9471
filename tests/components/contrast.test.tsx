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
