import { style } from "@vanilla-extract/css";
import { media } from "~/styles/breakpoints";
import { vars } from "~/styles/theme.css";

/** One time window: its date and its two times side by side where there is room, stacked on a phone. */
export const window = style({
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: "8px",
  padding: vars.space.md,
  margin: 0,
  minWidth: 0,
  display: "grid",
  gap: vars.space.xs,
});
export const windowLegend = style({ fontWeight: vars.font.weightMedium, color: vars.color.text, padding: `0 ${vars.space.xxs}` });
export const windowHint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const windowFields = style({
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [media.tabletUp]: { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)" } },
});
export const windowDate = style({ minWidth: 0 });
export const windowTime = style({ minWidth: 0 });
export const facts = style({ display: "grid", gap: vars.space.xxs, margin: 0 });
export const windowsList = style({ margin: 0, paddingLeft: vars.space.lg });
