import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const iconButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.md,
  backgroundColor: "transparent",
  color: vars.color.primary,
  cursor: "pointer",
  textDecoration: "none",
  selectors: {
    "&:hover": { backgroundColor: vars.color.primarySubtle },
    "&[aria-pressed='true']": { backgroundColor: vars.color.primarySubtle },
    "&:disabled": { color: vars.color.textMuted, cursor: "not-allowed", backgroundColor: "transparent" },
  },
});
