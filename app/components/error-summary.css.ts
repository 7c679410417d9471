import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const summary = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
  padding: vars.space.md,
  border: `4px solid ${vars.color.error.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  selectors: {
    "&:focus": { outline: `${vars.focus.ringWidth} solid ${vars.color.focusRing}`, outlineOffset: vars.focus.ringOffset },
  },
});

export const title = style({
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.lg,
});

export const list = style({
  margin: 0,
  paddingLeft: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});

export const link = style({
  color: vars.color.error.text,
  fontWeight: vars.font.weightMedium,
});
