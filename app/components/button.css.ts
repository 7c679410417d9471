import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const base = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  verticalAlign: "middle",
  gap: vars.space.xs,
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.xs} ${vars.space.lg}`,
  border: "2px solid transparent",
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.md,
  fontWeight: vars.font.weightMedium,
  textAlign: "center",
  textDecoration: "none",
  cursor: "pointer",
  transition: "background-color 120ms ease, color 120ms ease, border-color 120ms ease",
  selectors: {
    "&:disabled, &[aria-disabled='true']": { cursor: "not-allowed" },
    "&[aria-busy='true']": { cursor: "progress" },
  },
});

const unavailable = "&:disabled, &[aria-disabled='true']:not([aria-busy='true'])";
const greyedOut = (borderColor: string) => ({ backgroundColor: vars.color.surfaceMuted, color: vars.color.textMuted, borderColor });

export const variant = styleVariants({
  filled: [
    base,
    {
      backgroundColor: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: {
        "&:hover": { backgroundColor: vars.color.primaryHover },
        "&:active, &[aria-pressed='true']": { backgroundColor: vars.color.primaryActive },
        [unavailable]: greyedOut(vars.color.borderSubtle),
      },
    },
  ],
  outlined: [
    base,
    {
      backgroundColor: vars.color.surface,
      color: vars.color.primary,
      borderColor: vars.color.primary,
      selectors: {
        "&:hover": { backgroundColor: vars.color.primarySubtle },
        "&[aria-pressed='true']": {
          backgroundColor: vars.color.primarySubtle,
          boxShadow: `inset 0 0 0 1px ${vars.color.primary}`,
        },
        [unavailable]: greyedOut(vars.color.border),
      },
    },
  ],
  link: [
    base,
    {
      minHeight: "auto",
      padding: 0,
      border: 0,
      borderRadius: vars.radius.sm,
      backgroundColor: "transparent",
      color: vars.color.primary,
      fontWeight: vars.font.weightRegular,
      textDecoration: "underline",
      textUnderlineOffset: "0.15em",
      selectors: {
        "&:hover": { textDecorationThickness: "2px" },
        "&[aria-pressed='true']": { fontWeight: vars.font.weightBold },
        [unavailable]: { color: vars.color.textMuted, textDecoration: "none" },
      },
    },
  ],
  text: [
    base,
    {
      backgroundColor: "transparent",
      color: vars.color.primary,
      selectors: {
        "&:hover": { backgroundColor: vars.color.primarySubtle },
        "&[aria-pressed='true']": { backgroundColor: vars.color.primarySubtle },
        [unavailable]: { color: vars.color.textMuted, backgroundColor: "transparent" },
      },
    },
  ],
});
