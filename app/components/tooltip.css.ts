import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const anchor = style({
  position: "relative",
  display: "inline-flex",
});

export const bubble = style({
  position: "absolute",
  left: "50%",
  zIndex: vars.zIndex.tooltip,
  width: "max-content",
  maxWidth: "min(240px, 80vw)",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.text,
  color: vars.color.surface,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.sm,
  fontWeight: vars.font.weightRegular,
  textAlign: "center",
  boxShadow: vars.shadow.md,
  transform: "translateX(-50%)",
  visibility: "hidden",
  opacity: 0,
  transition: "opacity 120ms ease",
  selectors: {
    // An invisible bridge over the gap, so the pointer can move onto the tooltip (WCAG 1.4.13).
    "&::before": {
      content: "''",
      position: "absolute",
      left: 0,
      right: 0,
      height: vars.space.xs,
    },
    [`${anchor}:hover &, ${anchor}:focus-within &`]: { visibility: "visible", opacity: 1 },
    [`${anchor}[data-dismissed] &`]: { visibility: "hidden", opacity: 0 },
  },
});

export const placement = styleVariants({
  top: {
    bottom: `calc(100% + ${vars.space.xs})`,
    selectors: { "&::before": { top: "100%" } },
  },
  /** Below, starting at the control's left edge: over nothing clickable, and inside a narrow dialog. */
  bottomStart: {
    top: `calc(100% + ${vars.space.xs})`,
    left: 0,
    transform: "none",
    selectors: { "&::before": { bottom: "100%" } },
  },
});
