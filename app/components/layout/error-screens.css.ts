import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const screen = style({
  maxWidth: "720px",
  margin: `${vars.space.xxl} auto`,
  padding: `0 ${vars.space.md}`,
  display: "grid",
  gap: vars.space.md,
});
export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.xxl, color: vars.color.primary, margin: 0 });
export const body = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.lg });
export const link = style({ color: vars.color.primary, fontWeight: vars.font.weightMedium });
export const action = style({
  justifySelf: "start",
  background: vars.color.primary,
  color: vars.color.onPrimary,
  borderRadius: vars.radius.pill,
  padding: `0 ${vars.space.md}`,
});
