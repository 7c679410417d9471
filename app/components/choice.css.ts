import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const fieldset = style({
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xxs,
  fontWeight: vars.font.weightMedium,
});

export const choice = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  paddingTop: vars.space.xs,
});

export const choiceInput = style({
  flexShrink: 0,
  width: "24px",
  height: "24px",
  margin: 0,
  accentColor: vars.color.primary,
  cursor: "pointer",
  selectors: {
    "&:disabled": { cursor: "not-allowed" },
  },
});

export const choiceLabel = style({
  cursor: "pointer",
});

export const choiceLabelDisabled = style({ color: vars.color.textMuted, cursor: "not-allowed" });

export const choiceTexts = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
});
