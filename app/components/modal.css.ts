import { style, styleVariants } from "@vanilla-extract/css";
import { media } from "~/styles/breakpoints";
import { vars } from "~/styles/theme.css";

const edgeGap = vars.space.md;

export const dialog = style({
  // Padding sits on the inner panel so a click whose target is the <dialog> itself is on the backdrop.
  padding: 0,
  border: 0,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  width: `calc(100% - 2 * ${edgeGap})`,
  maxHeight: `calc(100dvh - 2 * ${edgeGap})`,
  overflow: "auto",
  selectors: {
    "&::backdrop": { backgroundColor: vars.color.backdrop },
    // Opened by the server (no JavaScript): not in the top layer, so draw the backdrop ourselves.
    "&[open]:not(:modal)": {
      position: "fixed",
      inset: 0,
      margin: "auto",
      zIndex: vars.zIndex.modal,
      boxShadow: `${vars.shadow.lg}, 0 0 0 100vmax ${vars.color.backdrop}`,
    },
  },
});

export const size = styleVariants({
  small: { maxWidth: "500px" },
  medium: { maxWidth: "600px" },
});

export const panel = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  padding: vars.space.lg,
  "@media": { [media.tabletUp]: { padding: vars.space.xl } },
});

export const header = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space.md,
});

export const title = style({
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.xl,
  paddingTop: vars.space.xs,
});

export const closeControl = style({
  flexShrink: 0,
  marginTop: `calc(-1 * ${vars.space.xxs})`,
  marginRight: `calc(-1 * ${vars.space.xs})`,
});
