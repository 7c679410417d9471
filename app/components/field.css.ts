import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxs,
  marginBottom: vars.space.lg,
});

export const label = style({
  display: "block",
  fontWeight: vars.font.weightMedium,
});

export const hint = style({
  display: "block",
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  color: vars.color.textMuted,
});

export const errorMessage = style([hint, { fontWeight: vars.font.weightMedium, color: vars.color.error.text }]);

const control = style({
  display: "block",
  width: "100%",
  maxWidth: vars.size.inputMaxWidth,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  selectors: {
    "&:hover": { borderColor: vars.color.text },
    "&:focus-visible": { borderColor: vars.color.primary },
    "&[aria-invalid='true']": {
      borderColor: vars.color.error.border,
      boxShadow: `inset 0 0 0 1px ${vars.color.error.border}`,
    },
    "&:disabled, &:read-only": {
      backgroundColor: vars.color.surfaceMuted,
      borderColor: vars.color.borderSubtle,
      color: vars.color.text,
      cursor: "default",
    },
    "&::placeholder": { color: vars.color.textMuted, opacity: 1 },
  },
});

export const input = style([control, { minHeight: vars.size.controlHeight }]);

export const inputWithAction = style({
  position: "relative",
  width: "100%",
  maxWidth: vars.size.inputMaxWidth,
});

export const inputBesideAction = style({ paddingRight: "3.25rem" });

export const action = style({
  position: "absolute",
  top: "50%",
  right: vars.space.xxs,
  transform: "translateY(-50%)",
});
