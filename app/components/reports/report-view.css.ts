import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** One column that wraps at any width (375 px, 1366 px at 200 %); tables break long words rather than scroll. */
export const report = style({ display: "grid", gap: vars.space.lg, minWidth: 0 });
export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.xxl, margin: 0, overflowWrap: "anywhere" });
export const subtitle = style({ fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.xl, margin: 0, overflowWrap: "anywhere" });
export const section = style({ display: "grid", gap: vars.space.xs, minWidth: 0 });
export const sectionHeading = style({
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  overflowWrap: "anywhere",
});
export const paragraph = style({ margin: 0, maxWidth: "70ch", overflowWrap: "anywhere" });
export const table = style({ borderCollapse: "collapse", width: "100%", maxWidth: "600px", tableLayout: "fixed" });
const cell = {
  textAlign: "start",
  verticalAlign: "top",
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  overflowWrap: "anywhere",
} as const;
export const label = style({ ...cell, width: "45%", padding: `${vars.space.xxs} ${vars.space.sm} ${vars.space.xxs} 0` });
export const value = style({ ...cell, padding: `${vars.space.xxs} 0 ${vars.space.xxs} ${vars.space.sm}` });

export const aside = style({ display: "grid", gap: vars.space.xs });
export const link = style({ color: vars.color.primary, fontWeight: vars.font.weightMedium, overflowWrap: "anywhere" });
